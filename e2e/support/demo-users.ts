import { DEMO_LOGINS } from "../../lib/seed/demo-logins";

// The demo logins the e2e server seeds on its fresh embedded database.
function demo(email: string) {
  const login = DEMO_LOGINS.find((l) => l.email === email);
  if (!login) throw new Error(`no demo login ${email}`);
  return login;
}

export const OWNER = demo("owner@demo.test");
export const STAFF = demo("staff@demo.test");
export const STARTER_OWNER = demo("starter@demo.test");
