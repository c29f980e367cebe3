import { and, count, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { apiKeys, leadImports, memberships } from "@/db/schema";

type FirstRunStepKey = "invite_team" | "create_api_key" | "import_leads";

export interface FirstRunStep {
  key: FirstRunStepKey;
  title: string;
  description: string;
  href: string;
  done: boolean;
}

/**
 * An owner's first steps, each done or not as the data says, not as a flag someone ticked: the
 * team has more than the owner, the account has created an API key (a revoked one still shows
 * the way was found), a lead import has completed. Small reads on the account's own indexes
 * (memberships_account_user_unique, api_keys_account_created_idx, lead_imports_account_created_idx).
 */
export async function getFirstRunSteps(accountId: string): Promise<FirstRunStep[]> {
  const db = await getDb();
  const [[team], [key], [imported]] = await Promise.all([
    db.select({ members: count() }).from(memberships).where(eq(memberships.accountId, accountId)),
    db
      .select({ one: sql<number>`1` })
      .from(apiKeys)
      .where(eq(apiKeys.accountId, accountId))
      .limit(1),
    db
      .select({ one: sql<number>`1` })
      .from(leadImports)
      .where(and(eq(leadImports.accountId, accountId), eq(leadImports.status, "completed")))
      .limit(1),
  ]);
  return [
    {
      key: "invite_team",
      title: "Invite your team",
      description: "Add your agents so leads can be assigned to them.",
      href: "/settings/team",
      done: (team?.members ?? 0) > 1,
    },
    {
      key: "create_api_key",
      title: "Create an API key",
      description: "Connect your website and portals so their leads arrive here on their own.",
      href: "/settings/api",
      done: key !== undefined,
    },
    {
      key: "import_leads",
      title: "Import your leads",
      description: "Bring in the leads you already have from a CSV file.",
      href: "/leads/import",
      done: imported !== undefined,
    },
  ];
}
