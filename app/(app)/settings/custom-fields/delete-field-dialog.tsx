"use client";

import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useRouter } from "next/navigation";
import type { PublicCustomFieldDefinition as CustomFieldDefinition } from "@/lib/schemas/custom-fields";
import { styles } from "@/components/ui/styles";
import { deleteCustomFieldAction } from "./actions";

const LIST = "/settings/custom-fields";
const RESOURCE_NOUNS = { lead: ["lead", "leads"], property: ["property", "properties"] } as const;

// The delete's confirm step, opened by the row's "Delete" link (?delete=<id>) so the page can
// count on the server how many records hold a value, which the delete removes too. Radix
// AlertDialog makes it modal: focus moves to Cancel and is trapped; Cancel or Escape goes back to
// the list's URL.
export function DeleteFieldDialog({ definition, holding }: { definition: CustomFieldDefinition; holding: number }) {
  const router = useRouter();
  const [one, many] = RESOURCE_NOUNS[definition.resource];
  return (
    <AlertDialog.Root open onOpenChange={(open) => (open ? undefined : router.replace(LIST, { scroll: false }))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.modalOverlay} />
        <AlertDialog.Content className={`${styles.modalPanel} max-w-md space-y-4 p-6`}>
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            Delete the custom field {definition.label} ({definition.key})?
          </AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-slate-600">
            {holding === 0
              ? `No ${one} has a value for it.`
              : `${holding} ${holding === 1 ? one : many} ${holding === 1 ? "has a value" : "have a value"} for it (deleted leads included). Deleting the field removes those values for good; a new field with the same key starts empty.`}
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={styles.secondaryButton}>Cancel</AlertDialog.Cancel>
            <form action={deleteCustomFieldAction}>
              <input type="hidden" name="fieldId" value={definition.id} />
              <button type="submit" className={`${styles.dangerButton} w-full`}>
                Delete {definition.key}
              </button>
            </form>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
