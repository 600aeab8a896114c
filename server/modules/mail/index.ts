// The mail module's public face: the outbox every module writes to, and the dispatcher main.ts runs.
export { createMailDispatcher, enqueueMail, outboxFor, type OutgoingMail } from "./service.ts";
