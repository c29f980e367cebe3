// Every metric of the app, registered before the first scrape so each is listed from the start
// (a counter at 0, gauges read at scrape time) whichever code has or has not run yet.
import "./api-request-metrics";
import "./rate-limit-metrics";
import "./webhook-delivery-metrics";
import "./database-up-metric";
import "./pool-metrics";
import "./event-feed-lag-metric";
import "./webhook-dispatch-lag-metric";
import "./queue-metrics";
