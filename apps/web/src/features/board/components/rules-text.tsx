
/** The community's rules as written (plain text; its line breaks kept). */
export function RulesText({ text }: { text: string }) {
  return <div className="bd-rules-text">{text}</div>;
}
