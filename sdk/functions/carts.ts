// Carts; declared in provider/functions/carts.ts.
import * as declared from "../../provider/functions";
import { optionalArgsOutputForm, optionalArgsPromiseForm, outputForm, promiseForm } from "./common";

export type {
  CartProductLine,
  GetCartArgs,
  GetCartResult,
  GetCartsArgs,
  GetCartsResult,
} from "../../provider/functions";

/**
 * Reads every cart (`GET /v2/carts`, every page).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export const getCarts = optionalArgsPromiseForm(declared.getCarts);

/** The Output form of {@link getCarts}. */
export const getCartsOutput = optionalArgsOutputForm(declared.getCarts);

/**
 * Reads one cart by its hash (`GET /v2/carts/{cart_hash}`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export const getCart = promiseForm(declared.getCart);

/** The Output form of {@link getCart}. */
export const getCartOutput = outputForm(declared.getCart);
