import { defineConfig } from "drizzle-kit";

// Migrations are generated from db/schema and committed; the app and the CLI apply them on start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  casing: "snake_case",
});
