"use client";

import Link from "next/link";
import { useActionState, useState } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { useFormVersion } from "@/components/ui/use-form-version";
import { IDLE } from "@/components/ui/form-state";
import type { CreateEndpointState } from "./actions";
import { CopyButton } from "../api/copy-button";
import { createEndpointAction } from "./actions";
import { EventTypesFieldset } from "./event-types-fieldset";

// "Add endpoint": the form, then the new endpoint's signing secret, shown once here (as a new
// API key is). It lives only in this component's state; the endpoint page can reveal it again.
// `acceptsLoopback`: this install runs on its embedded database, where a receiver on this computer
// (http://localhost) is accepted for development (lib/webhooks/check-webhook-url.ts).
export function CreateEndpointPanel({ acceptsLoopback }: { acceptsLoopback: boolean }) {
  const [state, formAction] = useActionState<CreateEndpointState, FormData>(createEndpointAction, IDLE);
  // Open from "Add endpoint" until an endpoint is created (or Cancel); the secret shows until
  // "Done". Both are derived from the action result they were opened or dismissed at.
  const [openedAt, setOpenedAt] = useState<CreateEndpointState | null>(null);
  const [dismissed, setDismissed] = useState<CreateEndpointState | null>(null);
  // React resets a form after its action; remounting shows the echoed values (and the chosen
  // scope and boxes) instead of the first render's defaults.
  const formVersion = useFormVersion(state);
  const created = state.created && state !== dismissed ? state.created : undefined;
  const open = openedAt !== null && (state === openedAt || state.status === "error");

  if (created) {
    return (
      <div
        tabIndex={-1}
        autoFocus
        className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 focus:outline-none"
        aria-labelledby="new-endpoint-title"
      >
        <h3 id="new-endpoint-title" className="font-semibold text-slate-900">
          Endpoint added: <span className="break-all font-mono text-sm">{created.url}</span>
        </h3>
        <p className="text-sm font-medium text-amber-900">
          Copy the signing secret now and store it with your receiver. It verifies that deliveries come from LeadProp.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <code
            id="new-webhook-secret"
            data-testid="new-webhook-secret"
            className="block min-w-0 flex-1 select-all break-all rounded-md border border-amber-200 bg-white px-3 py-2 font-mono text-sm text-slate-900"
          >
            {created.secret}
          </code>
          <CopyButton text={created.secret} targetId="new-webhook-secret" />
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href={`/settings/webhooks/${created.id}`} className={styles.primaryButton}>
            Open endpoint
          </Link>
          <button type="button" className={styles.secondaryButton} onClick={() => setDismissed(state)}>
            Done
          </button>
        </div>
      </div>
    );
  }

  if (!open) {
    return (
      <button type="button" className={styles.primaryButton} onClick={() => setOpenedAt(state)}>
        Add endpoint
      </button>
    );
  }

  // Errors of an earlier attempt are not shown again when the form is reopened.
  const failed = state.status === "error" && state !== openedAt;
  const errors = failed ? (state.fieldErrors ?? {}) : {};
  const values = failed ? (state.values ?? {}) : {};
  return (
    <form
      key={formVersion}
      action={formAction}
      className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
      noValidate
    >
      {failed && state.message ? <FormMessage tone="error">{state.message}</FormMessage> : null}
      <TextField
        label="URL"
        name="url"
        type="url"
        defaultValue={values.url}
        required
        maxLength={2048}
        autoComplete="off"
        autoFocus
        placeholder="https://hooks.example.com/leadprop"
        hint={
          acceptsLoopback
            ? "Events are POSTed here as JSON. It must be https and reachable from the internet, or, since this install runs on its embedded database, a receiver on this computer (http://localhost:3001/hooks) for development."
            : "Events are POSTed here as JSON. It must be https and reachable from the internet."
        }
        error={errors.url}
      />
      <TextField
        label="Description (optional)"
        name="description"
        defaultValue={values.description}
        maxLength={500}
        autoComplete="off"
        hint="What the endpoint is for, e.g. “Sync to our data warehouse”."
        error={errors.description}
      />
      <EventTypesFieldset
        defaultScope={values.eventScope === "chosen" ? "chosen" : "all"}
        defaultChosen={values.events ? values.events.split(",") : []}
        error={errors.events}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={styles.secondaryButton} onClick={() => setOpenedAt(null)}>
          Cancel
        </button>
        <SubmitButton pendingLabel="Adding…">Create endpoint</SubmitButton>
      </div>
    </form>
  );
}
