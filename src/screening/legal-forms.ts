// Company legal forms. A legal form never identifies a company, so the scorer sets it
// aside; forms of the same kind are equivalent (Ltd = Limited = OOO in translation), while
// two national forms of different countries (GmbH vs Sdn Bhd) hint at two companies.
//
// Each entry: normalised phrase | family | where. Family '*' is a form that translations
// use for any country (Ltd, LLC, JSC, Co); otherwise a country code. 'edge' marks short
// forms that are also ordinary words ("as", "sa", "co"): they count only at the end of a
// name; 'pre' marks such forms also written in front of the name (PT, SA), 'lead' forms
// that count anywhere and are often written in front (OOO, SARL, LLC).

export interface LegalForm {
  phrase: string[];
  /** Canonical label shown in explanations. */
  label: string;
  family: string;
  /** Also an ordinary word: counts only at the end of a name (or the start when `leading`). */
  edgeOnly: boolean;
  /** May stand in front of the name (PT …, OOO …, SARL …). */
  leading: boolean;
}

const TABLE = `
limited|Ltd|*|
ltd|Ltd|*|lead
private limited|Pvt Ltd|*|
pvt ltd|Pvt Ltd|*|
pvt|Pvt Ltd|*|edge
private limited company|Pvt Ltd|*|
public limited company|PLC|*|
plc|PLC|*|
limited liability company|LLC|*|
llc|LLC|*|lead
l l c|LLC|*|
llp|LLP|*|
limited liability partnership|LLP|*|
lp|LP|*|edge
company limited|Co Ltd|*|
co ltd|Co Ltd|*|
company|Co|*|edge
co|Co|*|pre
and co|Co|*|edge
and c|Co|*|edge
et cie|Co|*|edge
cie|Co|*|edge
joint stock company|JSC|*|
jsc|JSC|*|lead
ojsc|JSC|*|lead
cjsc|JSC|*|lead
pjsc|JSC|*|lead
open joint stock company|JSC|*|
closed joint stock company|JSC|*|
public joint stock company|JSC|*|
incorporated|Inc|US|
inc|Inc|US|
corporation|Corp|US|edge
corp|Corp|US|
corpn|Corp|US|
public company limited|PCL|TH|
pcl|PCL|TH|
pty ltd|Pty Ltd|AU|
pty limited|Pty Ltd|AU|
proprietary limited|Pty Ltd|AU|
pty|Pty Ltd|AU|edge
pte ltd|Pte Ltd|SG|
pte limited|Pte Ltd|SG|
pte|Pte Ltd|SG|edge
sdn bhd|Sdn Bhd|MY|
sendirian berhad|Sdn Bhd|MY|
bhd|Bhd|MY|edge
berhad|Bhd|MY|
pt|PT|ID|pre
perseroan terbatas|PT|ID|
tbk|Tbk|ID|edge
cv|CV|ID|pre
commanditaire vennootschap|CV|ID|
gmbh|GmbH|DE|
gesellschaft mit beschrankter haftung|GmbH|DE|
gmbh and co kg|GmbH & Co KG|DE|
ag|AG|DE|edge
aktiengesellschaft|AG|DE|
kg|KG|DE|edge
ohg|OHG|DE|edge
ug|UG|DE|edge
kgaa|KGaA|DE|
ev|eV|DE|edge
bv|BV|NL|edge
besloten vennootschap|BV|NL|
nv|NV|NL|edge
naamloze vennootschap|NV|NL|
vof|VOF|NL|edge
sa|SA|FR|pre
societe anonyme|SA|FR|
sociedad anonima|SA|ES|
sarl|SARL|FR|lead
suarl|SUARL|FR|lead
eurl|EURL|FR|lead
sas|SAS|FR|pre
sasu|SASU|FR|
snc|SNC|FR|pre
gie|GIE|FR|pre
sci|SCI|FR|edge
sal|SAL|LB|pre
sae|SAE|EG|edge
sa de cv|SA de CV|MX|
s de rl|S de RL|MX|
s de rl de cv|S de RL de CV|MX|
sapi de cv|SAPI de CV|MX|
sl|SL|ES|edge
slu|SLU|ES|edge
sociedad limitada|SL|ES|
sac|SAC|PE|edge
saa|SAA|PE|edge
eirl|EIRL|PE|edge
ltda|Ltda|BR|
limitada|Ltda|BR|
cia ltda|Ltda|BR|
eireli|EIRELI|BR|
srl|Srl|IT|
s r l|Srl|IT|
societa a responsabilita limitata|Srl|IT|
spa|SpA|IT|edge
s p a|SpA|IT|
societa per azioni|SpA|IT|
sapa|SApA|IT|edge
sas di|Sas|IT|
snc di|Snc|IT|
societa cooperativa|Coop|IT|
soc coop|Coop|IT|
coop|Coop|*|edge
cooperative|Coop|*|edge
scarl|Scarl|IT|
sp z o o|Sp z oo|PL|
sp z oo|Sp z oo|PL|
spolka z ograniczona odpowiedzialnoscia|Sp z oo|PL|
sp k|Sp k|PL|
spolka komandytowa|Sp k|PL|
sp j|Sp j|PL|
spolka jawna|Sp j|PL|
ska|SKA|PL|edge
s k a|SKA|PL|
spolka komandytowo akcyjna|SKA|PL|
spolka akcyjna|SA|PL|
sro|sro|CZ|
s r o|sro|CZ|
spol s r o|sro|CZ|
as|AS|*|pre
a s|AS|*|edge
asa|ASA|NO|edge
ab|AB|SE|edge
aktiebolag|AB|SE|
oy|Oy|FI|edge
oyj|Oyj|FI|edge
aps|ApS|DK|edge
a/s|A/S|DK|edge
ou|OU|EE|pre
uab|UAB|LT|pre
sia|SIA|LV|pre
kft|Kft|HU|
korlatolt felelossegu tarsasag|Kft|HU|
zrt|Zrt|HU|
nyrt|Nyrt|HU|
bt|Bt|HU|edge
doo|doo|SI|
d o o|doo|SI|
dd|dd|SI|edge
d d|dd|SI|edge
ad|AD|RS|pre
a d|AD|RS|edge
ood|OOD|BG|edge
eood|EOOD|BG|edge
ead|EAD|BG|edge
ooo|OOO|RU|lead
obshchestvo s ogranichennoy otvetstvennostyu|OOO|RU|
obshchestvo s ogranichennoi otvetstvennostiu|OOO|RU|
zao|ZAO|RU|lead
oao|OAO|RU|lead
pao|PAO|RU|pre
ao|AO|RU|pre
nao|NAO|RU|edge
tov|TOV|UA|pre
prat|PrAT|UA|pre
pat|PAT|UA|pre
chao|ChAO|UA|pre
fop|FOP|UA|pre
ip|IP|RU|pre
too|TOO|KZ|pre
chp|ChP|UA|edge
ltd sti|Ltd Sti|TR|
limited sirketi|Ltd Sti|TR|
as sti|AS|TR|
anonim sirketi|AS|TR|
ae|AE|GR|pre
epe|EPE|GR|edge
ike|IKE|GR|edge
fze|FZE|AE|
fzco|FZCO|AE|
fzc|FZC|AE|
fz llc|FZ LLC|AE|
fzllc|FZ LLC|AE|
wll|WLL|*|edge
w l l|WLL|*|edge
spc|SPC|OM|edge
saoc|SAOC|OM|edge
psc|PSC|*|edge
bsc|BSC|BH|edge
qsc|QSC|QA|edge
kk|KK|JP|pre
k k|KK|JP|
kabushiki kaisha|KK|JP|
kabushikigaisha|KK|JP|
yk|YK|JP|edge
godo kaisha|GK|JP|
gk|GK|JP|edge
zhu shi hui she|KK|JP|
you xian gong si|Co Ltd|*|
gu fen you xian gong si|Co Ltd|*|
you xian ze ren gong si|Co Ltd|*|
ju sig hoe sa|Co Ltd|*|
jusikhoesa|Co Ltd|*|
jusighoesa|Co Ltd|*|
yu han hoe sa|Co Ltd|*|
bm|Ltd|*|edge
b m|Ltd|*|edge
kumpanilimitet|Co Ltd|*|
kumpani limitet|Co Ltd|*|
kumpani|Co|*|edge
limitet|Ltd|*|edge
spy|LLC|*|edge
pby|CJSC|*|edge
bby|OJSC|*|edge
shps|LLC|*|edge
ss|JSC|*|edge
`;

export const LEGAL_FORMS: LegalForm[] = TABLE.trim().split('\n').map((line) => {
  const [phrase, label, family, where] = line.split('|');
  return { phrase: phrase.split(' '), label, family, edgeOnly: where === 'edge' || where === 'pre', leading: where === 'pre' || where === 'lead' };
});

interface TrieNode { next: Map<string, TrieNode>; form?: LegalForm }

function buildTrie(): TrieNode {
  const root: TrieNode = { next: new Map() };
  for (const f of LEGAL_FORMS) {
    let n = root;
    for (const w of f.phrase) {
      let m = n.next.get(w);
      if (!m) { m = { next: new Map() }; n.next.set(w, m); }
      n = m;
    }
    // Keep the first definition of a phrase: the table lists the preferred reading first.
    n.form ??= f;
  }
  return root;
}

const TRIE = buildTrie();

/** Longest legal-form phrase starting at token i and ending before `end`, or null. */
export function legalFormAt(tokens: readonly string[], i: number, end = tokens.length): { form: LegalForm; length: number } | null {
  let n: TrieNode | undefined = TRIE;
  let best: { form: LegalForm; length: number } | null = null;
  for (let j = i; j < end && n; j++) {
    n = n.next.get(tokens[j]);
    if (n?.form) best = { form: n.form, length: j - i + 1 };
  }
  return best;
}

/** True when two sets of legal forms point at different jurisdictions. */
export function legalFormsConflict(a: readonly LegalForm[], b: readonly LegalForm[]): boolean {
  if (!a.length || !b.length) return false;
  const fa = new Set(a.map((f) => f.family).filter((f) => f !== '*'));
  const fb = new Set(b.map((f) => f.family).filter((f) => f !== '*'));
  if (!fa.size || !fb.size) return false;
  for (const f of fa) if (fb.has(f)) return false;
  return true;
}
