import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { describe, expect, it } from "vitest";
import { LoginForm } from "@/app/(auth)/login/login-form";
import { FinishSignupForm } from "@/app/(auth)/signup/finish/finish-signup-form";
import { AcceptInviteForm } from "@/app/(auth)/invite/accept-invite-form";
import { ChangePasswordForm } from "@/app/(app)/profile/password/change-password-form";

// The four forms sent by script (components/ui/use-scripted-form.ts) as the server renders them,
// before any script runs: a POST form whose button is disabled. Pressed before hydration, the
// browser sends the form itself; a GET there put the password in the address (history, proxy logs).

// What useRouter() needs to render; nothing is pressed, so nothing is called.
const router = {
  back() {},
  forward() {},
  refresh() {},
  push() {},
  replace() {},
  prefetch() {},
  hmrRefresh() {},
} as Partial<AppRouterInstance> as AppRouterInstance;

const serverHtml = (form: ReactElement) =>
  renderToString(createElement(AppRouterContext.Provider, { value: router }, form));

const forms: [string, ReactElement, string][] = [
  ["sign-in", createElement(LoginForm, { callbackUrl: null, initialError: null }), "Sign in"],
  ["signup's last step", createElement(FinishSignupForm, { token: "t", email: "a@x.test" }), "Create account"],
  ["invite's accept", createElement(AcceptInviteForm, { token: "t", email: "a@x.test" }), "Join the team"],
  ["password change", createElement(ChangePasswordForm, { email: "a@x.test" }), "Change password"],
];

describe("forms sent by script, before hydration", () => {
  it.each(forms)("the %s form is a POST whose button waits for hydration", (_, form, label) => {
    const html = serverHtml(form);
    expect(html).toMatch(/<form[^>]* method="post"[^>]*>/);
    expect(html).toMatch(/<form[^>]* noValidate=""[^>]*>/);
    expect(html).toMatch(new RegExp(`<button type="submit" disabled=""[^>]*>${label}</button>`));
  });
});
