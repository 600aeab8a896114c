export { enqueueMail, outboxFor, type OutgoingMail } from "./service.ts";
