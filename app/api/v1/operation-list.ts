import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { listActivities } from "./activities/operations";
import { listCustomFields } from "./custom-fields/operations";
import { listEvents } from "./events/operations";
import { deleteLead, getLead, updateLead } from "./leads/[id]/operations";
import { cancelLeadSms, getLeadSms } from "./leads/[id]/sms/[smsId]/operations";
import { listLeadSms, sendSmsToLead } from "./leads/[id]/sms/operations";
import { batchLeads } from "./leads/batch/operations";
import { intakeLead } from "./leads/intake/operations";
import { previewLeadRoute } from "./leads/route-preview/operations";
import { createLead, listLeads } from "./leads/operations";
import { deleteProperty, getProperty, updateProperty } from "./properties/[id]/operations";
import { batchProperties } from "./properties/batch/operations";
import { createProperty, listProperties } from "./properties/operations";
import { deleteTask, getTask, updateTask } from "./tasks/[id]/operations";
import { createTask, listTasks } from "./tasks/operations";
import { getUser } from "./users/[id]/operations";
import { listUsers } from "./users/operations";
import { getVisit, updateVisit } from "./visits/[id]/operations";
import { createVisit, listVisits } from "./visits/operations";
import { deleteWebhookEndpoint, getWebhookEndpoint, updateWebhookEndpoint } from "./webhook-endpoints/[id]/operations";
import { resendWebhookDelivery } from "./webhook-endpoints/[id]/deliveries/[deliveryId]/resend/operations";
import { listWebhookDeliveries } from "./webhook-endpoints/[id]/deliveries/operations";
import { replayWebhookEndpoint } from "./webhook-endpoints/[id]/replay/operations";
import { createWebhookEndpoint, listWebhookEndpoints } from "./webhook-endpoints/operations";

// The public API's operations, in the document's order. Each is declared once, in the
// operations.ts beside the route that serves it; the OpenAPI document, the Postman collection,
// the SDK and the request log's permissions are built from this list. Listed here, not read from
// the route files: those bring the services and the database along. The document test fails
// when a route serves an operation this list lacks.
export const OPERATIONS: readonly OperationSpec[] = [
  listLeads,
  createLead,
  getLead,
  updateLead,
  deleteLead,
  intakeLead,
  batchLeads,
  previewLeadRoute,
  sendSmsToLead,
  listLeadSms,
  getLeadSms,
  cancelLeadSms,
  listProperties,
  createProperty,
  getProperty,
  updateProperty,
  deleteProperty,
  batchProperties,
  listVisits,
  createVisit,
  getVisit,
  updateVisit,
  listUsers,
  getUser,
  listTasks,
  createTask,
  getTask,
  updateTask,
  deleteTask,
  listActivities,
  listEvents,
  listCustomFields,
  listWebhookEndpoints,
  createWebhookEndpoint,
  getWebhookEndpoint,
  replayWebhookEndpoint,
  listWebhookDeliveries,
  resendWebhookDelivery,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
];
