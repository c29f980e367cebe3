import { concurrentEditsSection } from "./api-guide/concurrent-edits";
import { conventionsSection } from "./api-guide/conventions";
import { errorsSection } from "./api-guide/errors";
import { eventsAndWebhooksSection } from "./api-guide/events-and-webhooks";
import { gettingStartedSection } from "./api-guide/getting-started";
import { idempotencySection } from "./api-guide/idempotency";
import { keysChapter } from "./api-guide/keys";
import { leadRoutingSection } from "./api-guide/lead-routing";
import { paginationSection } from "./api-guide/pagination";
import { pipelineMovesSection } from "./api-guide/pipeline-moves";
import { rateLimitsSection } from "./api-guide/rate-limits";
import { smsComplianceSection } from "./api-guide/sms-compliance";
import type { OperationSpec } from "./operation-spec";

// The integrator's guide: the document's `info.description`, which the /docs reference renders
// above the operations. It says what the schemas cannot: how to get a key, page, retry, and
// the choices API.md leaves open. One file per section, in lib/openapi/api-guide/.

export const apiGuide = (operations: readonly OperationSpec[]) =>
  [
    gettingStartedSection,
    keysChapter(operations),
    paginationSection,
    rateLimitsSection,
    errorsSection,
    idempotencySection,
    concurrentEditsSection,
    leadRoutingSection,
    pipelineMovesSection,
    eventsAndWebhooksSection(),
    smsComplianceSection,
    conventionsSection,
  ].join("\n\n");
