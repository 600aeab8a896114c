// HTTP of invoices, credit notes and statements; rules and access live in service.ts.
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { ErrorResponse, ErrorResponses as Errors } from "../../../contract/common.ts";
import { CreditNote, CreditNoteBody, InvoiceDetail, InvoiceNumberParams, InvoicePage, InvoiceQuery, MarkPaidBody, Statement, StatementParams, StatementQuery } from "../../../contract/invoices.ts";
import { STAFF_ROLES } from "../../../domain/access.ts";
import type { ApiRoutes } from "../../deps.ts";
import { signedIn, type RouteAccess } from "../../plugins/access.ts";
import * as invoices from "./service.ts";

const tags = ["invoices"];
const Pdf = z.any().describe("application/pdf");
const CreditNotePdfParams = InvoiceNumberParams.extend({ creditNoteNumber: InvoiceNumberParams.shape.invoiceNumber });
const CsvQuery = InvoiceQuery.omit({ page: true, pageSize: true });

/** Staff and wholesalers (the service narrows a wholesaler to its own customers). */
const readers: RouteAccess = { roles: ["Administrator", "SalesPerson", "wholesaler"] };
const staff: RouteAccess = { roles: STAFF_ROLES };

export const invoiceRoutes: ApiRoutes = async (app, { db, config }) => {
  const access = (request: FastifyRequest) => invoices.invoiceAccess(db, signedIn(request));

  app.get(
    "/Invoices",
    {
      config: { access: readers },
      schema: {
        tags,
        summary: "Invoices, newest first, a page at a time: staff see every customer's, a wholesaler its own customers'",
        querystring: InvoiceQuery,
        response: { 200: InvoicePage, ...Errors },
      },
    },
    async (request) => invoices.listInvoices(db, await access(request), request.query),
  );

  app.get(
    "/Invoices/Csv",
    { config: { access: readers }, schema: { tags, summary: "The filtered invoice list as CSV (up to 100,000 rows)", querystring: CsvQuery, response: { 200: z.string().describe("text/csv"), ...Errors } } },
    async (request, reply) => {
      const csv = await invoices.invoicesCsv(db, await access(request), request.query);
      reply.header("content-disposition", 'attachment; filename="invoices.csv"');
      return reply.type("text/csv; charset=utf-8").send(csv);
    },
  );

  app.get(
    "/Invoices/Statement/:customerId",
    { config: { access: readers }, schema: { tags, summary: "A customer's open invoices with ageing (0-30, 31-60, 61-90, 90+ days) and balance", params: StatementParams, querystring: StatementQuery, response: { 200: Statement, ...Errors } } },
    async (request) => invoices.statement(db, await access(request), request.params.customerId, request.query.asOf),
  );

  app.get(
    "/Invoices/Statement/:customerId/Pdf",
    { config: { access: readers }, schema: { tags, summary: "The customer statement as PDF", params: StatementParams, querystring: StatementQuery, response: { 200: Pdf, ...Errors } } },
    async (request, reply) => {
      const pdf = await invoices.statementPdfFor(db, config, await access(request), request.params.customerId, request.query.asOf);
      reply.header("content-disposition", `attachment; filename="statement-${encodeURIComponent(request.params.customerId)}.pdf"`);
      return reply.type("application/pdf").send(pdf);
    },
  );

  app.get(
    "/Invoices/:invoiceNumber",
    { config: { access: readers }, schema: { tags, summary: "One invoice with its lines, order and credit notes", params: InvoiceNumberParams, response: { 200: InvoiceDetail, ...Errors } } },
    async (request) => invoices.invoiceDetail(db, await access(request), request.params.invoiceNumber),
  );

  app.get(
    "/Invoices/:invoiceNumber/Pdf",
    { config: { access: readers }, schema: { tags, summary: "The invoice as PDF", params: InvoiceNumberParams, response: { 200: Pdf, ...Errors } } },
    async (request, reply) => {
      const pdf = await invoices.invoicePdfFor(db, config, await access(request), request.params.invoiceNumber);
      reply.header("content-disposition", `attachment; filename="invoice-${request.params.invoiceNumber}.pdf"`);
      return reply.type("application/pdf").send(pdf);
    },
  );

  app.post(
    "/Invoices/:invoiceNumber/Paid",
    { config: { access: staff }, schema: { tags, summary: "Mark an invoice paid or unpaid (staff)", params: InvoiceNumberParams, body: MarkPaidBody, response: { 200: InvoiceDetail, ...Errors } } },
    async (request) => {
      const auth = signedIn(request);
      return invoices.markPaid(db, auth.originalUserId ?? auth.user.id, request.params.invoiceNumber, request.body.paid);
    },
  );

  app.get(
    "/Invoices/:invoiceNumber/CreditNotes/:creditNoteNumber/Pdf",
    {
      config: { access: readers },
      schema: { tags, summary: "A credit note of the invoice as PDF", params: CreditNotePdfParams, produces: ["application/pdf"], response: { 200: Pdf, ...Errors } },
    },
    async (request, reply) => {
      const { invoiceNumber, creditNoteNumber } = request.params;
      const pdf = await invoices.creditNotePdfFor(db, config, await access(request), invoiceNumber, creditNoteNumber);
      reply.header("content-disposition", `attachment; filename="credit-note-${creditNoteNumber}.pdf"`);
      return reply.type("application/pdf").send(pdf);
    },
  );

  app.post(
    "/Invoices/:invoiceNumber/CreditNotes",
    {
      config: { access: staff },
      schema: {
        tags,
        summary: "Credit invoice lines (damaged stems, short delivery): a credit note with its own number (staff)",
        params: InvoiceNumberParams,
        body: CreditNoteBody,
        response: { 200: CreditNote, ...Errors, 409: ErrorResponse },
      },
    },
    async (request) => {
      const auth = signedIn(request);
      return invoices.createCreditNote(db, config, auth.originalUserId ?? auth.user.id, request.params.invoiceNumber, request.body);
    },
  );
};
