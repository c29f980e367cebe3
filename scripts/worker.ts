// `npm run worker`: a process that runs the background workers of every queue and nothing else.
// Needs DATABASE_URL; stops gracefully on SIGTERM or SIGINT. See README.md, "Background jobs".
import { QUEUES } from "@/lib/jobs/queues";
import { runWorkerProcess } from "@/lib/jobs/run-worker-process";

void runWorkerProcess(QUEUES);
