// HTTP of the supply desk's mass-market half (staff only: Administrator and SalesPerson, both of whom
// may change quantities and prices; docs/domain-supply.md): bouquets, packages and the bouquet lines
// of mass-market catalogs. Rules live in mm-service.ts.
import { z } from "zod";
import { ErrorResponse, ErrorResponsesWithConflict as Errors } from "../../../contract/common.ts";
import {
  BouquetCreate,
  BouquetParams,
  BouquetQuery,
  BouquetUpdate,
  MmLineCreate,
  MmLineEdit,
  MmLineParams,
  PackageCreate,
  PackageParams,
  PackageUpdate,
  SupplyBouquet,
  SupplyBouquetList,
  SupplyMmLine,
  SupplyMmLineList,
  SupplyPackage,
  SupplyPackageList,
} from "../../../contract/supply-mm.ts";
import { CatalogParams, ProductDeleted } from "../../../contract/supply.ts";
import { SUPPLY_ROLES } from "../../../domain/supply.ts";
import type { ApiRoutes } from "../../deps.ts";
import { type RouteAccess, requestActor } from "../../plugins/access.ts";
import * as mm from "./mm-service.ts";

const tags = ["supply"];
const LineConflict = ErrorResponse.extend({ data: z.object({ sold: z.number().int(), held: z.number().int(), asked: z.number().int() }).optional() });
const staff: RouteAccess = { roles: SUPPLY_ROLES };

export const supplyMmRoutes: ApiRoutes = async (app, { db }) => {
  // ---- bouquets
  app.get(
    "/Supply/Bouquets",
    { schema: { tags, summary: "Mass-market bouquets (up to 2,000), with bouquets ever ordered; `q` searches code and description", querystring: BouquetQuery, response: { 200: SupplyBouquetList, ...Errors } }, config: { access: staff } },
    async (request) => mm.listBouquets(db, request.query),
  );
  app.post(
    "/Supply/Bouquets",
    { schema: { tags, summary: "Create a mass-market bouquet (its box type must be a package of category boxes)", body: BouquetCreate, response: { 200: SupplyBouquet, ...Errors } }, config: { access: staff } },
    async (request) => mm.createBouquet(db, requestActor(request), request.body),
  );
  app.get(
    "/Supply/Bouquets/:productId",
    { schema: { tags, summary: "One bouquet", params: BouquetParams, response: { 200: SupplyBouquet, ...Errors } }, config: { access: staff } },
    async (request) => mm.bouquet(db, request.params.productId),
  );
  app.put(
    "/Supply/Bouquets/:productId",
    { schema: { tags, summary: "Edit a bouquet; `active: false` retires it (kept for its orders, no longer sold)", params: BouquetParams, body: BouquetUpdate, response: { 200: SupplyBouquet, ...Errors } }, config: { access: staff } },
    async (request) => mm.updateBouquet(db, requestActor(request), request.params.productId, request.body),
  );
  app.delete(
    "/Supply/Bouquets/:productId",
    { schema: { tags, summary: "Delete a bouquet never ordered and on no catalog line (409 otherwise: retire it)", params: BouquetParams, response: { 200: ProductDeleted, ...Errors } }, config: { access: staff } },
    async (request) => mm.deleteBouquet(db, requestActor(request), request.params.productId),
  );

  // ---- packages
  app.get(
    "/Supply/Packages",
    { schema: { tags, summary: "Box types and the RFLP1 pail fee, with the bouquets and order lines using each", response: { 200: SupplyPackageList, ...Errors } }, config: { access: staff } },
    async () => mm.listPackages(db),
  );
  app.post(
    "/Supply/Packages",
    { schema: { tags, summary: "Create a package: a box type (category boxes) or the pail fee (pails)", body: PackageCreate, response: { 200: SupplyPackage, ...Errors } }, config: { access: staff } },
    async (request) => mm.createPackage(db, requestActor(request), request.body),
  );
  app.put(
    "/Supply/Packages/:type",
    { schema: { tags, summary: "Edit a package; `active: false` retires it (no new bouquet may take it; RFLP1 cannot be retired)", params: PackageParams, body: PackageUpdate, response: { 200: SupplyPackage, ...Errors } }, config: { access: staff } },
    async (request) => mm.updatePackage(db, requestActor(request), request.params.type, request.body),
  );
  app.delete(
    "/Supply/Packages/:type",
    { schema: { tags, summary: "Delete a package no bouquet takes and no order charged (409 otherwise; never RFLP1)", params: PackageParams, response: { 200: ProductDeleted, ...Errors } }, config: { access: staff } },
    async (request) => mm.deletePackage(db, requestActor(request), request.params.type),
  );

  // ---- a mass-market catalog's bouquet lines
  app.get(
    "/Supply/Catalogs/:catalogId/Bouquets",
    { schema: { tags, summary: "A mass-market catalog's bouquet lines with sold, held and free", params: CatalogParams, response: { 200: SupplyMmLineList, ...Errors } }, config: { access: staff } },
    async (request) => mm.catalogLines(db, request.params.catalogId),
  );
  app.post(
    "/Supply/Catalogs/:catalogId/Bouquets",
    { schema: { tags, summary: "Publish a bouquet in a mass-market catalog: quantity and (optional) the catalog's own prices", params: CatalogParams, body: MmLineCreate, response: { 200: SupplyMmLine, ...Errors } }, config: { access: staff } },
    async (request) => mm.addLine(db, requestActor(request), request.params.catalogId, request.body),
  );
  app.put(
    "/Supply/Catalogs/:catalogId/Bouquets/:productId",
    {
      schema: {
        tags,
        summary: "Change a bouquet line: quantity (`mode` set or add; never below sold + held: 409 with both numbers) and prices (null: the list price)",
        params: MmLineParams,
        body: MmLineEdit,
        response: { 200: SupplyMmLine, ...Errors, 409: LineConflict },
      },
      config: { access: staff },
    },
    async (request) => mm.editLine(db, requestActor(request), request.params.catalogId, request.params.productId, request.body),
  );
  app.delete(
    "/Supply/Catalogs/:catalogId/Bouquets/:productId",
    { schema: { tags, summary: "Remove a bouquet line nobody bought or holds", params: MmLineParams, response: { 200: ProductDeleted, ...Errors } }, config: { access: staff } },
    async (request) => mm.deleteLine(db, requestActor(request), request.params.catalogId, request.params.productId),
  );
};
