import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { getAuthOptions } from "@/lib/auth/auth-options";
import { limitAuthRequestBody } from "./limit-auth-request-body";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

// GET|POST /api/auth/* – next-auth: CSRF token, credentials sign-in, session, sign-out.
async function handler(req: NextRequest, context: Context): Promise<Response> {
  const limited = await limitAuthRequestBody(req);
  if (limited instanceof Response) return limited;
  return NextAuth(limited, context, getAuthOptions());
}

export { handler as GET, handler as POST };
