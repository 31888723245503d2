/**
 * Reading RFC 9083 responses: the abuse contact is an entity whose `roles` include "abuse", found anywhere
 * in the `entities[]` tree (under the organization for an IP network, under the registrar for a domain),
 * with its address in the jCard (RFC 7095) `vcardArray[1]` as `["email", {}, "text", "abuse@..."]`.
 * Written by hand because it is a dozen lines over a fixed shape; RDAP client libraries add bootstrap and
 * HTTP layers this adapter does not need.
 */

export interface RdapEntity {
  roles?: unknown;
  vcardArray?: unknown;
  entities?: unknown;
  handle?: unknown;
}

export interface RdapObject extends RdapEntity {
  objectClassName?: unknown;
  name?: unknown;
  ldhName?: unknown;
}

export interface FoundAbuse {
  email: string;
  /** Name of the organization the abuse desk belongs to (registrar, network owner), when given. */
  entityName?: string;
}

const EMAIL = /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+\.[^\s@<>"(),;:]+$/;

function entitiesOf(o: RdapEntity): RdapEntity[] {
  return Array.isArray(o.entities) ? o.entities.filter((e): e is RdapEntity => typeof e === 'object' && e !== null) : [];
}

function rolesOf(o: RdapEntity): string[] {
  return Array.isArray(o.roles) ? o.roles.filter((r): r is string => typeof r === 'string').map((r) => r.toLowerCase()) : [];
}

/** Values of a jCard property (`fn`, `email`, ...), as strings. */
export function vcardValues(o: RdapEntity, property: string): string[] {
  const card = o.vcardArray;
  if (!Array.isArray(card) || !Array.isArray(card[1])) return [];
  return (card[1] as unknown[])
    .filter((p): p is unknown[] => Array.isArray(p) && typeof p[0] === 'string' && p[0].toLowerCase() === property)
    .flatMap((p) => p.slice(3))
    .flatMap((v) => (Array.isArray(v) ? v : [v]))
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => v.trim());
}

function emailOf(o: RdapEntity): string | undefined {
  return vcardValues(o, 'email')
    .map((v) => v.replace(/^mailto:/i, ''))
    .find((v) => EMAIL.test(v));
}

function nameOf(o: RdapObject | undefined): string | undefined {
  if (!o) return undefined;
  return vcardValues(o, 'fn')[0] ?? (typeof o.name === 'string' && o.name.trim() ? o.name.trim() : undefined);
}

/**
 * The abuse address in an RDAP object: breadth first, so the abuse desk closest to the top (the network's
 * own, the sponsoring registrar's) wins over one nested deeper. The entity name is that of the abuse entity's
 * parent (the organization it serves) or, at the top level, the object's own name.
 */
export function findAbuse(root: RdapObject): FoundAbuse | undefined {
  const queue: { entity: RdapEntity; parent: RdapObject }[] = entitiesOf(root).map((entity) => ({ entity, parent: root }));
  const seen = new Set<RdapEntity>();
  while (queue.length > 0) {
    const { entity, parent } = queue.shift()!;
    if (seen.has(entity)) continue;
    seen.add(entity);
    if (rolesOf(entity).includes('abuse')) {
      const email = emailOf(entity);
      if (email) return { email, entityName: nameOf(parent) ?? nameOf(entity) };
    }
    for (const child of entitiesOf(entity)) queue.push({ entity: child, parent: entity });
  }
  return undefined;
}
