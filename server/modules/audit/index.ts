export { audit } from "./service.ts";
