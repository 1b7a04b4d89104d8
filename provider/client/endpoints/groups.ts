/**
 * The endpoints of the account's groups and subscriber fields. Mirrors `emulator/routes/groups.ts`.
 * Installed on `SenderClient`'s prototype; `call` finds the client's transport through `this`.
 */
import type * as s from "../schemas";
import { call, type PageQuery } from "./call";

/** The groups and fields endpoints of `SenderClient`. */
export const groupEndpoints = {
  /**
   * `GET /v2/groups?page=&limit=`: one page of the account's groups; an answer without `meta` is
   * every group ({@link s.listPage}).
   */
  listGroups(query: PageQuery = {}): Promise<s.ListPage<s.Group>> {
    return call(this, "GET /groups", { query: { page: query.page, limit: query.limit } });
  },

  /** `GET /v2/groups/{id}` (`{data}`); 404 when the account has no such group. */
  getGroup(id: string): Promise<s.Group> {
    return call(this, "GET /groups/{id}", { params: { id } });
  },

  /** `POST /v2/groups` (201, `{success, message, data}`). Not retried after an ambiguous failure. */
  createGroup(body: s.CreateGroupBody): Promise<s.Group> {
    return call(this, "POST /groups", { body });
  },

  /**
   * `PATCH /v2/groups/{id}` with `{title}`: renames the group in place. Answers the group, read back
   * with `GET /v2/groups/{id}` when the answer holds none.
   */
  async renameGroup(id: string, body: s.CreateGroupBody): Promise<s.Group> {
    const answered: s.Group | undefined = await call(this, "PATCH /groups/{id}", { params: { id }, body });
    return answered ?? call(this, "GET /groups/{id}", { params: { id } });
  },

  /** `DELETE /v2/groups/{id}`: the group goes, its subscribers stay. */
  deleteGroup(id: string): Promise<s.Ack> {
    return call(this, "DELETE /groups/{id}", { params: { id } });
  },

  /** `GET /v2/fields?page=&limit=`: one page of the account's subscriber fields. */
  listFields(query: PageQuery = {}): Promise<s.ListPage<s.SubscriberField>> {
    return call(this, "GET /fields", { query: { page: query.page, limit: query.limit } });
  },
};

/** The groups and fields methods of `SenderClient`. */
export type GroupEndpoints = typeof groupEndpoints;
