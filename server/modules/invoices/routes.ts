// HTTP of invoices, credit notes and statements; rules and access live in service.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { ErrorResponse } from "../../../contract/common.ts";
import { CreditNote, CreditNoteBody, InvoiceDetail, InvoiceNumberParams, InvoicePage, InvoiceQuery, MarkPaidBody, Statement, StatementParams, StatementQuery } from "../../../contract/invoices.ts";
import type { Deps } from "../../app.ts";
import { requireAuth, requireRoles } from "../../plugins/guards.ts";
import * as invoices from "./service.ts";

const tags = ["invoices"];
const Errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const Pdf = z.any().describe("application/pdf");
const CsvQuery = InvoiceQuery.omit({ page: true, pageSize: true });

async function staffOnly(request: FastifyRequest) {
  requireRoles(request, "Administrator", "SalesPerson");
}

export const invoiceRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config }) => {
  const access = (request: FastifyRequest) => invoices.invoiceAccess(db, requireAuth(request));

  app.get(
    "/Invoices",
    {
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
    { schema: { tags, summary: "The filtered invoice list as CSV (up to 100,000 rows)", querystring: CsvQuery, response: { 200: z.string().describe("text/csv"), ...Errors } } },
    async (request, reply) => {
      const csv = await invoices.invoicesCsv(db, await access(request), request.query);
      reply.header("content-disposition", 'attachment; filename="invoices.csv"');
      return reply.type("text/csv; charset=utf-8").send(csv);
    },
  );

  app.get(
    "/Invoices/Statement/:customerId",
    { schema: { tags, summary: "A customer's open invoices with ageing (0-30, 31-60, 61-90, 90+ days) and balance", params: StatementParams, querystring: StatementQuery, response: { 200: Statement, ...Errors } } },
    async (request) => invoices.statement(db, await access(request), request.params.customerId, request.query.asOf),
  );

  app.get(
    "/Invoices/Statement/:customerId/Pdf",
    { schema: { tags, summary: "The customer statement as PDF", params: StatementParams, querystring: StatementQuery, response: { 200: Pdf, ...Errors } } },
    async (request, reply) => {
      const pdf = await invoices.statementPdfFor(db, config, await access(request), request.params.customerId, request.query.asOf);
      reply.header("content-disposition", `attachment; filename="statement-${encodeURIComponent(request.params.customerId)}.pdf"`);
      return reply.type("application/pdf").send(pdf);
    },
  );

  app.get(
    "/Invoices/:invoiceNumber",
    { schema: { tags, summary: "One invoice with its lines, order and credit notes", params: InvoiceNumberParams, response: { 200: InvoiceDetail, ...Errors } } },
    async (request) => invoices.invoiceDetail(db, await access(request), request.params.invoiceNumber),
  );

  app.get(
    "/Invoices/:invoiceNumber/Pdf",
    { schema: { tags, summary: "The invoice as PDF", params: InvoiceNumberParams, response: { 200: Pdf, ...Errors } } },
    async (request, reply) => {
      const pdf = await invoices.invoicePdfFor(db, config, await access(request), request.params.invoiceNumber);
      reply.header("content-disposition", `attachment; filename="invoice-${request.params.invoiceNumber}.pdf"`);
      return reply.type("application/pdf").send(pdf);
    },
  );

  app.post(
    "/Invoices/:invoiceNumber/Paid",
    { onRequest: staffOnly, schema: { tags, summary: "Mark an invoice paid or unpaid (staff)", params: InvoiceNumberParams, body: MarkPaidBody, response: { 200: InvoiceDetail, ...Errors } } },
    async (request) => {
      const auth = requireRoles(request, "Administrator", "SalesPerson");
      return invoices.markPaid(db, auth.originalUserId ?? auth.user.id, request.params.invoiceNumber, request.body.paid);
    },
  );

  app.post(
    "/Invoices/:invoiceNumber/CreditNotes",
    { onRequest: staffOnly,
      schema: {
        tags,
        summary: "Credit invoice lines (damaged stems, short delivery): a credit note with its own number (staff)",
        params: InvoiceNumberParams,
        body: CreditNoteBody,
        response: { 200: CreditNote, ...Errors, 409: ErrorResponse },
      },
    },
    async (request) => {
      const auth = requireRoles(request, "Administrator", "SalesPerson");
      return invoices.createCreditNote(db, config, auth.originalUserId ?? auth.user.id, request.params.invoiceNumber, request.body);
    },
  );
};
