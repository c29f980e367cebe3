import { newId } from "./new-id";

// A fresh id per request, for the API, the metrics endpoints and the worker's listener alike; we
// never trust a client-sent id (it would let callers forge log lines).
export const newRequestId = () => newId("request");
