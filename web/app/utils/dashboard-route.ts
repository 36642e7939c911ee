import type { ShouldRevalidateFunction } from '@remix-run/react';
import { onlyDialogChanged } from '../components/dashboard/view.js';
import { connectionSafeRevalidation } from './form-connection.js';

/**
 * The list sections reload after a post and on a new address, but not when only a dialog
 * opens or closes (`?dialog=`): the grid, its selection and focus stay as they were.
 */
export const dashboardListRevalidation: ShouldRevalidateFunction = (args) => {
  if (args.formMethod && args.formMethod.toUpperCase() !== 'GET') {
    return connectionSafeRevalidation(args);
  }
  // The same address again (a new page size measured, a live update): reload.
  if (args.currentUrl.href === args.nextUrl.href) return args.defaultShouldRevalidate;
  if (onlyDialogChanged(args.currentUrl, args.nextUrl)) return false;
  return args.defaultShouldRevalidate;
};
