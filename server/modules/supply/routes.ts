// HTTP of the supply desk (staff only: Administrator and SalesPerson, both of whom may change
// quantities and prices; see docs/domain-supply.md). Rules live in service.ts and upload.ts.
import { z } from "zod";
import { ErrorResponse, ErrorResponsesWithConflict as Errors } from "../../../contract/common.ts";
import {
  CatalogBody,
  CatalogParams,
  CatalogQuery,
  CopyBody,
  CopyResult,
  LineCreate,
  LineEdit,
  LineParams,
  ProductCreate,
  ProductDeleted,
  ProductParams,
  ProductQuery,
  ProductUpdate,
  SupplyCatalog,
  SupplyCatalogList,
  SupplyLine,
  SupplyLineList,
  SupplyProduct,
  SupplyProductList,
  UPLOAD_MAX_BYTES,
  UploadBody,
  UploadResult,
} from "../../../contract/supply.ts";
import { SUPPLY_ROLES } from "../../../domain/supply.ts";
import type { ApiRoutes } from "../../deps.ts";
import { type RouteAccess, requestActor } from "../../plugins/access.ts";
import * as supply from "./service.ts";
import { applyCopy, previewCopy } from "./copy.ts";
import { applyUpload, linesCsv, linesXlsx, previewUpload, sampleCsv, sampleXlsx } from "./upload.ts";
import { XLSX_TYPE } from "./xlsx.ts";

const tags = ["supply"];
/** A 409 of the upload carries the planned rows (what was refused and why). */
const UploadConflict = ErrorResponse.extend({ data: UploadResult.optional() });
const CopyConflict = ErrorResponse.extend({ data: CopyResult.optional() });
const LineConflict = ErrorResponse.extend({ data: z.object({ sold: z.number().int(), held: z.number().int(), asked: z.number().int() }).optional() });
const staff: RouteAccess = { roles: SUPPLY_ROLES };


export const supplyRoutes: ApiRoutes = async (app, { db }) => {
  // ---- products
  app.get(
    "/Supply/Products",
    { schema: { tags, summary: "Wholesale products (up to 2,000), with bunches ever ordered; `q` searches code and description", querystring: ProductQuery, response: { 200: SupplyProductList, ...Errors } }, config: { access: staff } },
    async (request) => supply.listProducts(db, request.query),
  );
  app.post(
    "/Supply/Products",
    { schema: { tags, summary: "Create a wholesale product", body: ProductCreate, response: { 200: SupplyProduct, ...Errors } }, config: { access: staff } },
    async (request) => supply.createProduct(db, requestActor(request), request.body),
  );
  app.get(
    "/Supply/Products/:productId",
    { schema: { tags, summary: "One product", params: ProductParams, response: { 200: SupplyProduct, ...Errors } }, config: { access: staff } },
    async (request) => supply.product(db, request.params.productId),
  );
  app.put(
    "/Supply/Products/:productId",
    { schema: { tags, summary: "Edit a product; `active: false` retires it (kept for its orders, no longer sold)", params: ProductParams, body: ProductUpdate, response: { 200: SupplyProduct, ...Errors } }, config: { access: staff } },
    async (request) => supply.updateProduct(db, requestActor(request), request.params.productId, request.body),
  );
  app.delete(
    "/Supply/Products/:productId",
    { schema: { tags, summary: "Delete a product never ordered and on no offer line (409 otherwise: retire it)", params: ProductParams, response: { 200: ProductDeleted, ...Errors } }, config: { access: staff } },
    async (request) => supply.deleteProduct(db, requestActor(request), request.params.productId),
  );

  // ---- catalogs
  app.get(
    "/Supply/Catalogs",
    { schema: { tags, summary: "Catalogs overlapping a ship-date range (up to 500)", querystring: CatalogQuery, response: { 200: SupplyCatalogList, ...Errors } }, config: { access: staff } },
    async (request) => supply.listCatalogs(db, request.query),
  );
  app.post(
    "/Supply/Catalogs",
    { schema: { tags, summary: "Open a catalog for a run of ship dates (for every customer of its kind, or those named)", body: CatalogBody, response: { 200: SupplyCatalog, ...Errors } }, config: { access: staff } },
    async (request) => supply.createCatalog(db, requestActor(request), request.body),
  );
  app.put(
    "/Supply/Catalogs/:catalogId",
    { schema: { tags, summary: "Change a catalog's title, ship dates and customers", params: CatalogParams, body: CatalogBody, response: { 200: SupplyCatalog, ...Errors } }, config: { access: staff } },
    async (request) => supply.updateCatalog(db, requestActor(request), request.params.catalogId, request.body),
  );

  // ---- offer lines
  app.get(
    "/Supply/Catalogs/:catalogId/Lines",
    { schema: { tags, summary: "A catalog's offer lines with sold, held and free, and who bought each", params: CatalogParams, response: { 200: SupplyLineList, ...Errors } }, config: { access: staff } },
    async (request) => supply.catalogLines(db, request.params.catalogId),
  );
  app.get(
    "/Supply/Catalogs/:catalogId/Lines.csv",
    { schema: { tags, summary: "A catalog's offer lines as CSV in the upload's columns", params: CatalogParams, response: { 200: z.string().describe("text/csv"), ...Errors } }, config: { access: staff } },
    async (request, reply) => {
      const csv = await linesCsv(db, request.params.catalogId);
      reply.header("content-disposition", `attachment; filename="catalog-${request.params.catalogId}.csv"`);
      return reply.type("text/csv; charset=utf-8").send(csv);
    },
  );
  app.get(
    "/Supply/Catalogs/:catalogId/Lines.xlsx",
    { schema: { tags, summary: "A catalog's offer lines as an XLSX workbook in the upload's columns (text cells are text, never formulas)", params: CatalogParams, produces: [XLSX_TYPE], response: { 200: z.any().describe(XLSX_TYPE), ...Errors } }, config: { access: staff } },
    async (request, reply) => {
      const xlsx = await linesXlsx(db, request.params.catalogId);
      reply.header("content-disposition", `attachment; filename="catalog-${request.params.catalogId}.xlsx"`);
      return reply.type(XLSX_TYPE).send(xlsx);
    },
  );
  app.post(
    "/Supply/Catalogs/:catalogId/Copy/Preview",
    { schema: { tags, summary: "Preview copying a catalog's lines to another catalog or ship date: each line added, overwritten, unchanged, skipped or refused. Writes nothing.", params: CatalogParams, body: CopyBody, response: { 200: CopyResult, ...Errors } }, config: { access: staff } },
    async (request) => previewCopy(db, request.params.catalogId, request.body),
  );
  app.post(
    "/Supply/Catalogs/:catalogId/Copy/Apply",
    {
      schema: {
        tags,
        summary: "Copy a catalog's lines (quantities and prices) to another catalog or a new one-day catalog in one transaction; an overwrite never goes below sold + held, and when any line is refused nothing is written (409, the lines in `data`)",
        params: CatalogParams,
        body: CopyBody,
        response: { 200: CopyResult, ...Errors, 409: CopyConflict },
      },
      config: { access: staff },
    },
    async (request) => applyCopy(db, requestActor(request), request.params.catalogId, request.body),
  );
  app.post(
    "/Supply/Catalogs/:catalogId/Lines",
    { schema: { tags, summary: "Publish a product in a catalog: quantity and prices", params: CatalogParams, body: LineCreate, response: { 200: SupplyLine, ...Errors } }, config: { access: staff } },
    async (request) => supply.addLine(db, requestActor(request), request.params.catalogId, request.body),
  );
  app.put(
    "/Supply/Catalogs/:catalogId/Lines/:lineId",
    {
      schema: {
        tags,
        summary: "Change a line: quantity (`mode` set or add; never below sold + held: 409 with both numbers), prices, flags",
        params: LineParams,
        body: LineEdit,
        response: { 200: SupplyLine, ...Errors, 409: LineConflict },
      },
      config: { access: staff },
    },
    async (request) => supply.editLine(db, requestActor(request), request.params.catalogId, request.params.lineId, request.body),
  );
  app.delete(
    "/Supply/Catalogs/:catalogId/Lines/:lineId",
    { schema: { tags, summary: "Remove a line nobody bought or holds", params: LineParams, response: { 200: ProductDeleted, ...Errors } }, config: { access: staff } },
    async (request) => supply.deleteLine(db, requestActor(request), request.params.catalogId, request.params.lineId),
  );

  // ---- the fresh-list upload
  const uploadLimit = UPLOAD_MAX_BYTES * 2 + 1024;
  app.get(
    "/Supply/Upload/Sample",
    { schema: { tags, summary: "A sample fresh-list CSV", response: { 200: z.string().describe("text/csv"), ...Errors } }, config: { access: staff } },
    async (_request, reply) => {
      reply.header("content-disposition", 'attachment; filename="fresh-list-sample.csv"');
      return reply.type("text/csv; charset=utf-8").send(sampleCsv());
    },
  );
  app.get(
    "/Supply/Upload/Sample.xlsx",
    { schema: { tags, summary: "A sample fresh-list XLSX workbook", produces: [XLSX_TYPE], response: { 200: z.any().describe(XLSX_TYPE), ...Errors } }, config: { access: staff } },
    async (_request, reply) => {
      reply.header("content-disposition", 'attachment; filename="fresh-list-sample.xlsx"');
      return reply.type(XLSX_TYPE).send(await sampleXlsx());
    },
  );
  app.post(
    "/Supply/Catalogs/:catalogId/Upload/Preview",
    {
      bodyLimit: uploadLimit,
      schema: { tags, summary: "Preview a fresh list (CSV text, or an XLSX workbook as base64): each row added, changed, unchanged or refused with its reasons. Writes nothing.", params: CatalogParams, body: UploadBody, response: { 200: UploadResult, ...Errors, 413: ErrorResponse } },
      config: { access: staff },
    },
    async (request) => previewUpload(db, request.params.catalogId, request.body),
  );
  app.post(
    "/Supply/Catalogs/:catalogId/Upload/Apply",
    {
      bodyLimit: uploadLimit,
      schema: {
        tags,
        summary: "Apply a fresh list (CSV or XLSX) in one transaction; when any row is refused nothing is written (409, the rows in `data`)",
        params: CatalogParams,
        body: UploadBody,
        response: { 200: UploadResult, ...Errors, 409: UploadConflict, 413: ErrorResponse },
      },
      config: { access: staff },
    },
    async (request) => applyUpload(db, requestActor(request), request.params.catalogId, request.body),
  );
};
