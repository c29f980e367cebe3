import { activityOperations } from "./operations/activity-operations";
import { customFieldOperations } from "./operations/custom-field-operations";
import { eventOperations } from "./operations/event-operations";
import { webhookEndpointOperations } from "./operations/webhook-endpoint-operations";
import { leadOperations } from "./operations/lead-operations";
import { leadSyncOperations } from "./operations/lead-sync-operations";
import { propertyOperations } from "./operations/property-operations";
import { propertyBatchOperations } from "./operations/property-batch-operations";
import { smsOperations } from "./operations/sms-operations";
import { visitOperations } from "./operations/visit-operations";
import type { OperationSpec } from "./operation-spec";

// The one list of the public API's operations. The document, the Postman collection and the
// contract test all read it; the contract test fails when a route under app/api/v1 answers a
// method that is not listed here, or the reverse.
export const OPERATIONS: readonly OperationSpec[] = [
  ...leadOperations,
  ...leadSyncOperations,
  ...smsOperations,
  ...propertyOperations,
  ...propertyBatchOperations,
  ...visitOperations,
  ...activityOperations,
  ...eventOperations,
  ...customFieldOperations,
  ...webhookEndpointOperations,
];
