/** The methods the API serves on some path; any other is a 405 before routing (the guard, and
 * the answers to what Node's parser refuses). */
export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
