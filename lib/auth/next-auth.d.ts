// What our sessions and tokens carry besides next-auth's defaults.
declare module "next-auth" {
  interface User {
    id: string;
    accountId: string;
    role: Role;
    sessionId: string;
  }
  interface Session {
    user: { id: string; name: string; email: string; accountId: string; role: Role };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    userId?: string;
    accountId?: string;
    role?: Role;
    sessionId?: string;
  }
}
import { type Role } from "@/lib/domain/enums";
