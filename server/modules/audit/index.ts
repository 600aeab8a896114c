// The audit log's public face: modules record what staff and users did.
export { audit } from "./repo.ts";
