import {
  ADMIN_ENDPOINTS,
  adminPath,
  type AdminCalls,
  type AdminEndpointName,
  type AdminPathInput,
  type OptionalWhenEmpty,
} from '../../shared/contract/admin-endpoints';
import { call, type CallOptions } from './api';

// Issue 28: the console calls the admin API by the endpoint's name (ADMIN_ENDPOINTS), with the contract's types for
// what it sends and what comes back; call() keeps the CSRF token, the server's message and the sign-out on a 401.

/** A call's params, query and body, and (CSV, image files) a raw body or statuses to take as answers. */
export type AdminInput<N extends AdminEndpointName> = Omit<AdminCalls[N], 'answer'> &
  Pick<CallOptions, 'text' | 'accept'>;

export function admin<N extends AdminEndpointName>(
  name: N,
  ...[input]: OptionalWhenEmpty<AdminInput<N>>
): Promise<AdminCalls[N]['answer']> {
  const given: AdminPathInput & CallOptions = input ?? {};
  const path = (adminPath as (n: AdminEndpointName, i: AdminPathInput) => string)(name, given);
  return call<AdminCalls[N]['answer']>(path, {
    method: ADMIN_ENDPOINTS[name].method,
    body: given.body,
    text: given.text,
    accept: given.accept,
  });
}
