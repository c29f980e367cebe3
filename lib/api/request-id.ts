import { newId } from "@/lib/ids/new-id";

// A fresh id per request; we never trust a client-sent id (it would let callers forge log lines).
export const newRequestId = () => newId("request");
