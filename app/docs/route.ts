import { ApiReference } from "@scalar/nextjs-api-reference";
import { OPENAPI_DOCUMENT_PATH } from "@/lib/openapi/document-paths";

// Everything /docs loads comes from this server, so it renders with no internet: Scalar's
// bundle from public/vendor (copied there by scripts/copy-scalar-bundle.mjs at install and
// build), the document from /api/v1/openapi.json, the system's fonts instead of Scalar's.
const SYSTEM_FONTS = `
:root {
  --scalar-font: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
}`;

type ReferenceConfiguration = Parameters<typeof ApiReference>[0];

const configuration: ReferenceConfiguration = {
  url: OPENAPI_DOCUMENT_PATH,
  cdn: "/vendor/scalar/standalone.js",
  pageTitle: "LeadProp API reference",
  withDefaultFonts: false,
  customCss: SYSTEM_FONTS,
  telemetry: false,
  showDeveloperTools: "never",
  // "Authentication" opens on the bearer scheme: paste a key, send real requests to this server.
  authentication: { preferredSecurityScheme: "apiKey" },
  defaultOpenAllTags: false,
  hideDownloadButton: false,
  documentDownloadType: "json",
  // Scalar's "Ask AI" agent (on by default for localhost) calls Scalar's servers.
  agent: { disabled: true },
};

// GET /docs – the interactive API reference with the getting-started guide (public: no session)
export const GET = ApiReference(configuration);
