export { listUsers, manageableUsers, updateUser, userDetails, userPayload, storeProfileFor } from "./service.ts";
