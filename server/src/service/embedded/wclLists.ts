/**
 * WikiClientLibrary's list classes (C#): a class whose `ListName` property names a list module
 * (`public override string ListName => "allpages";`) and whose `EnumListParameters()` gives that module's
 * parameters as a `Dictionary`. The library sends them with `action=query&list=<ListName>` (`WikiList`,
 * `WikiPageGenerator`), leaving out null and false values (`MediaWikiHelper`/`Utility.ToWikiQueryValue`).
 */
import type { Node } from 'web-tree-sitter';

/** Whether a C# file may hold such a class (one look at the text, before any node is read). */
export function mayHoldWclLists(host: string): boolean {
  return host.includes('EnumListParameters') && host.includes('ListName');
}

/** How many parents are climbed from a dictionary to its method at most. */
const MAX_CLIMB = 8;

/**
 * The string literal of `ListName` in the class whose `EnumListParameters()` holds `node` (a dictionary, or the
 * declaration a dictionary is bound in), or undefined.
 */
export function wclListName(node: Node): Node | undefined {
  let method: Node | null = node.parent;
  for (let i = 0; method && method.type !== 'method_declaration'; i++) method = i < MAX_CLIMB ? method.parent : null;
  if (!method || method.childForFieldName('name')?.text !== 'EnumListParameters') return undefined;
  for (const member of method.parent?.namedChildren ?? []) {
    if (member?.type !== 'property_declaration' || member.childForFieldName('name')?.text !== 'ListName') continue;
    return literalOf(member);
  }
  return undefined;
}

/** `=> "allpages"`, or `{ get { return "allpages"; } }`: the one string the property returns. */
function literalOf(property: Node): Node | undefined {
  const arrow = property.namedChildren.find((c) => c?.type === 'arrow_expression_clause');
  const direct = arrow?.namedChildren[0];
  if (direct?.type === 'string_literal') return direct;
  const returns = property.descendantsOfType('return_statement');
  if (returns.length !== 1) return undefined;
  const value = returns[0]?.namedChildren[0];
  return value?.type === 'string_literal' ? value : undefined;
}
