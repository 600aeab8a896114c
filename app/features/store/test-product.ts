// A product of the store's list for the store's unit tests: a white Select lily, changed by `over`.
import type { Product } from "../../../contract/store.ts";

export function testProduct(over: Partial<Product> = {}): Product {
  return {
    productId: "LIL-1",
    description: "Lily",
    category: "Lilies",
    colour: "White",
    colourHex: "#fff",
    image: "lily",
    grade: "Select",
    stemsPerBunch: 10,
    quantityRemaining: 100,
    originalQuantityRemaining: 100,
    unitOfMeasure: "Pail",
    unitOfMeasureQty: 5,
    bunchesPerBox: 10,
    stemsPerBox: 100,
    isFinalProduct: false,
    special: false,
    discount: 0,
    discountQuantity: 20,
    discountQuantity2: 40,
    standardPrice: 1.5,
    price: 1.5,
    standardPriceNoPail: 1.75,
    priceNoPail: 1.75,
    discountPrice: 1.4,
    discountPriceNoPail: 1.6,
    discountPrice2: 1.3,
    discountPriceNoPail2: 1.5,
    showStore: true,
    nextAvailableDate: null,
    offerOrderNumber: 7,
    ...over,
  };
}
