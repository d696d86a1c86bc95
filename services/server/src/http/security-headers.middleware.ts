import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/** Where the web client's character portraits and item icons come from. */
const EVE_IMAGES = 'https://images.evetech.net';
const HALF_A_YEAR_S = 180 * 24 * 3600;

export interface SecurityHeadersOptions {
  /** CSP sources (`'sha256-…'`) of the inline scripts the web client's index.html carries. */
  readonly inlineScripts: readonly string[];
  /**
   * Path prefixes of the add-character popup's round trip (its start, the SSO, the callback, the page that tells
   * the opener). A popup keeps its opener only while its pages have no opener policy: coming back from a
   * cross-origin SSO to a page with one would put it in a new browsing context group, without `window.opener`.
   */
  readonly popupPaths: readonly string[];
}

function helmetOptions(inlineScripts: readonly string[], opener: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts],
        scriptSrcAttr: ["'none'"],
        // antd writes its styles at run time (CSS-in-JS <style> elements and style attributes).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', EVE_IMAGES],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginOpenerPolicy: opener ? { policy: 'same-origin-allow-popups' } : false,
    // Not no-referrer: with it a browser sends `Origin: null` on same-origin writes, which the CSRF check refuses.
    referrerPolicy: { policy: 'same-origin' },
    // Browsers take it over https only; the operator's other subdomains are not ours to decide.
    strictTransportSecurity: { maxAge: HALF_A_YEAR_S, includeSubDomains: false },
    xFrameOptions: { action: 'deny' },
  };
}

/** The security headers every response carries: the API, the web client, health and the simulator's pages. */
export function securityHeaders(options: SecurityHeadersOptions): RequestHandler {
  const everywhere = helmet(helmetOptions(options.inlineScripts, true));
  const inPopup = helmet(helmetOptions(options.inlineScripts, false));
  const isPopupPath = (path: string) =>
    options.popupPaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  return (request: Request, response: Response, next: NextFunction) =>
    (isPopupPath(request.path) ? inPopup : everywhere)(request, response, next);
}
