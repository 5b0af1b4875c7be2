/*
 * What the browser gets for `prop-types` (next.config.ts aliases it). React 19 no longer reads a component's
 * `propTypes`, so the checkers one library still declares (nextjs-toploader) never run; the package's own
 * production build is a set of shims too, in about 0.5 KB gz more. This is one shim under every name of the
 * package's API: a checker, a factory of checkers (`oneOfType([...])`) and `isRequired`, all at once; the default
 * export (`import PropTypes from 'prop-types'`) answers the shim for any name it is asked.
 */

type Shim = (() => Shim) & { isRequired: Shim };

const shim = (() => shim) as Shim;
shim.isRequired = shim;

export default new Proxy(shim, { get: () => shim });

export {
  shim as any,
  shim as array,
  shim as arrayOf,
  shim as bigint,
  shim as bool,
  shim as checkPropTypes,
  shim as element,
  shim as elementType,
  shim as exact,
  shim as func,
  shim as instanceOf,
  shim as node,
  shim as number,
  shim as object,
  shim as objectOf,
  shim as oneOf,
  shim as oneOfType,
  shim as resetWarningCache,
  shim as shape,
  shim as string,
  shim as symbol,
};
