import { SPACED_NUMBER_SOURCE } from './quantity.parser';

/** Cell shapes several in-game windows share. Every Unicode space is a plain space by the time these run. */
export const DATE = /^\d{4}[./-]\d{1,2}[./-]\d{1,2}$/;
export const DATE_TIME = /^\d{4}[./-]\d{1,2}[./-]\d{1,2}[ T]\d{1,2}:\d{2}(?::\d{2})?$/;
export const DATE_OR_DATE_TIME = /^\d{4}[./-]\d{1,2}[./-]\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/;
export const ISK_AMOUNT = new RegExp(`^-?${SPACED_NUMBER_SOURCE}ISK$`, 'i');
export const VOLUME = new RegExp(`^(${SPACED_NUMBER_SOURCE}?) ?(?:m3|m³|m\\^3|м3|м³|м\\^3)$`, 'i');
export const DISTANCE = new RegExp(`^(${SPACED_NUMBER_SOURCE}?) ?(?:m|km|AU)$`);
export const INTEGER = /^-?\d+$/;
export const DIGITS = /^\d+$/;
