// Where the API's two documents are served (app/api/v1/openapi.json and postman.json).
export const OPENAPI_DOCUMENT_PATH = "/api/v1/openapi.json";
export const POSTMAN_COLLECTION_PATH = "/api/v1/postman.json";
