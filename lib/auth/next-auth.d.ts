// What our sessions and tokens carry besides next-auth's defaults.
declare module "next-auth" {
  interface User {
    id: string;
    accountId: string;
    role: Role;
    sessionVersion: number;
  }
  interface Session {
    user: { id: string; name: string; email: string; accountId: string; role: Role; sessionVersion: number };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    userId?: string;
    accountId?: string;
    role?: Role;
    sessionVersion?: number;
  }
}
import { type Role } from "@/lib/domain/enums";
