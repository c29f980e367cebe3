"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { useFormVersion } from "@/components/ui/use-form-version";
import { IDLE, type FormState } from "@/components/ui/form-state";
import { TASK_TYPE_OPTIONS } from "./task-labels";

// "Add task": what, when (a day and time in the viewer's zone) and for whom (the member by
// default). On the lead page it carries the lead.
export function TaskAddForm({
  action,
  members,
  me,
  leadId,
  defaultDate,
}: {
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
  members: ReadonlyArray<{ value: string; label: string }>;
  me: string;
  leadId?: string;
  /** Today in the viewer's zone (YYYY-MM-DD). */
  defaultDate: string;
}) {
  const [state, formAction] = useActionState(action, IDLE);
  const version = useFormVersion(state);
  const typed = state.status === "error" ? state.values : undefined;
  const errors = state.fieldErrors ?? {};
  return (
    <form key={version} action={formAction} className="space-y-3" noValidate aria-label="Add task">
      {leadId ? <input type="hidden" name="leadId" value={leadId} /> : null}
      <TextField
        label="Task"
        name="title"
        idPrefix="task"
        maxLength={200}
        placeholder="Call back about the viewing"
        defaultValue={typed?.title}
        error={errors.title}
      />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <SelectField
          label="Type"
          name="type"
          idPrefix="task"
          options={TASK_TYPE_OPTIONS}
          defaultValue={typed?.type ?? "call"}
          error={errors.type}
        />
        <TextField
          label="Day"
          name="date"
          type="date"
          idPrefix="task"
          defaultValue={typed?.date ?? defaultDate}
          error={errors.date ?? errors.dueAt}
        />
        <TextField
          label="Time"
          name="time"
          type="time"
          idPrefix="task"
          defaultValue={typed?.time ?? "10:00"}
          error={errors.time}
        />
        <SelectField
          label="For"
          name="assignedTo"
          idPrefix="task"
          options={members}
          defaultValue={typed?.assignedTo ?? me}
          error={errors.assignedTo}
        />
      </div>
      {state.status === "error" && state.message && !state.fieldErrors ? (
        <FormMessage tone="error">{state.message}</FormMessage>
      ) : null}
      {state.status === "success" && state.message ? <FormMessage tone="success">{state.message}</FormMessage> : null}
      <div className="flex justify-end">
        <SubmitButton pendingLabel="Adding…">Add task</SubmitButton>
      </div>
    </form>
  );
}
