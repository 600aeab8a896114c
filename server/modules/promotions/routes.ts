// HTTP of the supply desk's promotions (issue 25 item 4): staff only, Administrator and SalesPerson,
// as the rest of the desk (both may change prices; docs/domain-supply.md "Who"). Rules: service.ts.
import { z } from "zod";
import { ErrorResponsesWithConflict as Errors } from "../../../contract/common.ts";
import {
  ComboBody,
  ComboParams,
  DashboardPreview,
  DashboardPreviewQuery,
  Deleted,
  PromotionBuyers,
  PromotionSpecialList,
  SpecialBody,
  SpecialParams,
  SupplyCombo,
  SupplyComboList,
  SupplyVoucher,
  SupplyVoucherList,
  VoucherCreate,
  VoucherParams,
  VoucherUpdate,
} from "../../../contract/promotions.ts";
import { SupplyLine } from "../../../contract/supply.ts";
import { SUPPLY_ROLES } from "../../../domain/supply.ts";
import type { ApiRoutes } from "../../deps.ts";
import { signedIn, type RouteAccess, requestActor } from "../../plugins/access.ts";
import * as promotions from "./service.ts";

const tags = ["supply"];
const staff: RouteAccess = { roles: SUPPLY_ROLES };
const P = "/Supply/Promotions";

export const promotionRoutes: ApiRoutes = async (app, { db }) => {
  // ---- specials
  app.get(
    `${P}/Specials`,
    { schema: { tags, summary: "Offer lines on special of catalogs shipping today or later (the dashboards' specials and future specials)", response: { 200: PromotionSpecialList, ...Errors } }, config: { access: staff } },
    async () => promotions.listSpecials(db),
  );
  app.put(
    `${P}/Specials/:lineId`,
    {
      schema: {
        tags,
        summary: "Put an offer line on special at its special prices (below the standard ones), or take it off",
        params: SpecialParams,
        body: SpecialBody,
        response: { 200: SupplyLine, ...Errors },
      },
      config: { access: staff },
    },
    async (request) => promotions.setSpecial(db, requestActor(request), request.params.lineId, request.body),
  );
  app.get(
    `${P}/Dashboard`,
    {
      schema: { tags, summary: "What one customer's dashboard shows now: specials, future specials, combo specials", querystring: DashboardPreviewQuery, response: { 200: DashboardPreview, ...Errors } },
      config: { access: staff },
    },
    async (request) => promotions.dashboardPreview(db, request.query.customerId, signedIn(request).user.id),
  );

  // ---- combo specials
  app.get(`${P}/Combos`, { schema: { tags, summary: "Combo specials, latest first", response: { 200: SupplyComboList, ...Errors } }, config: { access: staff } }, async () => promotions.listCombos(db));
  app.post(
    `${P}/Combos`,
    { schema: { tags, summary: "Make a combo special: products cheaper together, for a run of days", body: ComboBody, response: { 200: SupplyCombo, ...Errors } }, config: { access: staff } },
    async (request) => promotions.createCombo(db, requestActor(request), request.body),
  );
  app.put(
    `${P}/Combos/:comboId`,
    { schema: { tags, summary: "Change a combo special", params: ComboParams, body: ComboBody, response: { 200: SupplyCombo, ...Errors } }, config: { access: staff } },
    async (request) => promotions.updateCombo(db, requestActor(request), request.params.comboId, request.body),
  );
  app.post(
    `${P}/Combos/:comboId/End`,
    {
      schema: { tags, summary: "End a combo special now (its last day becomes yesterday; one not started yet is deleted)", params: ComboParams, response: { 200: z.union([SupplyCombo, Deleted]), ...Errors } },
      config: { access: staff },
    },
    async (request) => promotions.endCombo(db, requestActor(request), request.params.comboId),
  );
  app.delete(
    `${P}/Combos/:comboId`,
    { schema: { tags, summary: "Delete a combo special", params: ComboParams, response: { 200: Deleted, ...Errors } }, config: { access: staff } },
    async (request) => promotions.deleteCombo(db, requestActor(request), request.params.comboId),
  );

  // ---- blitz vouchers
  app.get(`${P}/Vouchers`, { schema: { tags, summary: "Blitz vouchers, latest first (up to 2,000)", response: { 200: SupplyVoucherList, ...Errors } }, config: { access: staff } }, async () => promotions.listVouchers(db));
  app.get(
    `${P}/Buyers`,
    { schema: { tags, summary: "Wholesale customers and their users, to choose whom a voucher is for", response: { 200: PromotionBuyers, ...Errors } }, config: { access: staff } },
    async () => promotions.buyers(db),
  );
  app.post(
    `${P}/Vouchers`,
    { schema: { tags, summary: "Make a blitz voucher for one customer (or one user of it): an amount or a percent off, valid until a day", body: VoucherCreate, response: { 200: SupplyVoucher, ...Errors } }, config: { access: staff } },
    async (request) => promotions.createVoucher(db, requestActor(request), request.body),
  );
  app.put(
    `${P}/Vouchers/:voucherId`,
    { schema: { tags, summary: "Change a voucher's description, amount or percent, last day, uses", params: VoucherParams, body: VoucherUpdate, response: { 200: SupplyVoucher, ...Errors } }, config: { access: staff } },
    async (request) => promotions.updateVoucher(db, requestActor(request), request.params.voucherId, request.body),
  );
  app.post(
    `${P}/Vouchers/:voucherId/Withdraw`,
    { schema: { tags, summary: "Withdraw a voucher: nobody may use it from now on (orders that used it keep their saving)", params: VoucherParams, response: { 200: SupplyVoucher, ...Errors } }, config: { access: staff } },
    async (request) => promotions.withdrawVoucher(db, requestActor(request), request.params.voucherId),
  );
  app.delete(
    `${P}/Vouchers/:voucherId`,
    { schema: { tags, summary: "Delete a voucher nobody used (409 otherwise: withdraw it)", params: VoucherParams, response: { 200: Deleted, ...Errors } }, config: { access: staff } },
    async (request) => promotions.deleteVoucher(db, requestActor(request), request.params.voucherId),
  );
};
