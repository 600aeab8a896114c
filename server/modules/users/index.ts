export { listUsers, updateUser, userDetails, userPayload, storeProfileFor } from "./service.ts";
