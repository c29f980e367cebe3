import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// The layering's "nevers" (ARCHITECTURE.md, "Two doors, one wrapper each"), so a breach fails
// `npm test`. ESLint applies the last matching block's `no-restricted-imports`, so each block
// below holds every rule for the files it covers. tests/unit/layering-lint.test.ts shows a
// breach of each is caught.

const ui = {
  group: ["@/app/*", "@/components/*"],
  message:
    "lib/ holds services, schemas, queries and jobs: UI code (labels, formatting, form plumbing) lives beside the components and pages that use it.",
};
const apiDoor = {
  group: ["@/lib/api/*"],
  message:
    "A service never reaches for the API's door (lib/api): the route calls the service. Move what both need into the service's own folder or lib/schemas.",
};
const requestBound = {
  group: ["next/headers", "next/cache", "next/navigation"],
  message: "Requests, refreshes and redirects belong to the doors (routes and formAction), not to lib/.",
};
const sql = {
  group: ["@/db", "@/db/*", "drizzle-orm", "drizzle-orm/*"],
  message: "No SQL in app/ or components/: call a lib/ service (it takes the account id).",
};
const aboveDb = {
  group: ["@/lib", "@/lib/*", "@/app/*", "@/components/*", "../../lib/*", "../lib/*"],
  message:
    "db/ is below lib/: a closed set of values goes in db/enums.ts, a column's domain type is declared into db/schema/domain-types.ts.",
};
const sessionByHand = {
  group: ["@/lib/auth/get-current-member", "next/headers", "next/cache"],
  message:
    "A server action takes the one shape, formAction(options, handler) (app/_forms/form-action.ts): it reads the session, the request's origin and refreshes the pages.",
};

const restrict = (...patterns) => ({ "no-restricted-imports": ["error", { patterns }] });

// Breaches not yet moved, each named, so the list only shrinks.
const KNOWN = {
  // The session guard itself (pages and formAction call it).
  libRequestBound: ["lib/auth/get-current-member.ts"],
};

const layeringRules = [
  {
    files: ["db/**/*.ts"],
    rules: restrict(aboveDb),
  },
  {
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["lib/api/**", ...KNOWN.libRequestBound],
    rules: restrict(ui, apiDoor, requestBound),
  },
  {
    files: KNOWN.libRequestBound,
    rules: restrict(ui),
  },
  {
    files: ["lib/api/**/*.ts"],
    rules: restrict(ui),
  },
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    rules: restrict(sql),
  },
  {
    files: ["app/**/actions.ts"],
    rules: restrict(sql, sessionByHand),
  },
];

const config = [
  ...nextVitals,
  ...nextTs,
  ...layeringRules,
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      ".data/**",
      "db/migrations/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
      "public/vendor/**",
    ],
  },
];

export default config;
