// The demo logins `db seed` creates; printed on every start of the embedded default, once ready.
export const DEMO_LOGINS = [
  {
    account: "Harbor & Pine Realty",
    plan: "agency",
    role: "owner",
    name: "Olivia Harbor",
    email: "owner@demo.test",
    password: "demo-owner-2026",
  },
  {
    account: "Harbor & Pine Realty",
    plan: "agency",
    role: "staff",
    name: "Sam Staff",
    email: "staff@demo.test",
    password: "demo-staff-2026",
  },
  {
    account: "Summit Homes",
    plan: "agency",
    role: "owner",
    name: "Marcus Summit",
    email: "summit@demo.test",
    password: "demo-summit-2026",
  },
  {
    account: "Starter Realty",
    plan: "starter",
    role: "owner",
    name: "Sofia Starter",
    email: "starter@demo.test",
    password: "demo-starter-2026",
  },
] as const;

export function formatDemoLogins(): string {
  const lines = DEMO_LOGINS.map(
    (l) => `  ${l.email.padEnd(20)} ${l.password.padEnd(18)} ${l.role.padEnd(6)} ${l.account} (${l.plan})`,
  );
  return ["LeadProp is ready. Demo logins (the embedded database's demo accounts):", ...lines].join("\n");
}

/** On the server's own output, not the log: a block for a person to read at start. */
export function printDemoLogins(): void {
  process.stdout.write(`\n${formatDemoLogins()}\n\n`);
}
