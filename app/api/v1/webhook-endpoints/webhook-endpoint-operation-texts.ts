import { EVENT_TYPE_PERMISSIONS_TEXT } from "@/lib/openapi/event-type-permission-text";

// What the webhook endpoint operations' descriptions share.

export const webhookEndpointNotFound = { message: "Webhook endpoint not found." };

// An event carries its object whole: subscribing to a type is reading its resource (issue 31, 9).
export const SUBSCRIBABLE_TEXT = `**Only types the key can read.** A key may subscribe only to the event types of the resources it can read: ${EVENT_TYPE_PERMISSIONS_TEXT}. Another type is a 403 \`insufficient_permissions\` whose \`details[0].permission\` names the permission missing. \`["*"]\` from a full-access key takes every type, including types added later; from a restricted key it is stored as the types that key can read at that moment (the answer lists them), and is a 403 when it can read none.`;
