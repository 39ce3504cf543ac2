// OFAC packs most facts into the free-text Remarks column, '; '-separated:
//   "DOB 13 May 1965; alt. DOB 13 Apr 1968; POB Medellin, Colombia; nationality Colombia;
//    Passport AL720622 (Colombia); a.k.a. 'EL SENOR'; Linked To: BIO FORESTAL S.A.S."
// This reads those segments into the entity. Segments it does not know stay in `remarks`.

import type { Entity } from '../model.ts';
import { toCountryCode } from '../countries.ts';
import { parseDate } from './dates.ts';
import { addCountry, addDate, addExtra, addIdentifier, addName, addUnique } from './entity.ts';
import { applyFact, isIdLabel, splitLabel } from './facts.ts';

/** Splits "VALUE (Country) issued 2005" into its parts; the country only when it is one. */
export function splitIdValue(rest: string): { value: string; country?: string; note?: string } {
  let text = rest.trim();
  if (text.endsWith('.')) text = text.slice(0, -1).trimEnd();
  let open = text.lastIndexOf(' (');
  while (open > 0) {
    const close = text.indexOf(')', open);
    if (close > open) {
      const inner = text.slice(open + 2, close);
      const code = toCountryCode(inner);
      if (code) {
        const out: { value: string; country?: string; note?: string } = { value: text.slice(0, open).trim(), country: code };
        const note = text.slice(close + 1).trim().replace(/\.$/, '');
        if (note) out.note = note;
        return out;
      }
    }
    open = text.lastIndexOf(' (', open - 1);
  }
  return { value: text };
}

/** The text between the first and the last single quote: a.k.a. 'ABU 'ABDALLAH' keeps its inner quote. */
function quoted(rest: string): string {
  const a = rest.indexOf("'");
  const b = rest.lastIndexOf("'");
  if (a !== -1 && b > a) return rest.slice(a + 1, b).trim();
  return rest.trim().replace(/\.$/, '');
}

function stripDot(s: string): string {
  return s.endsWith('.') ? s.slice(0, -1).trimEnd() : s;
}

/** Reads an OFAC Remarks text into the entity (names, dates, places, ids, links, facts). */
export function applyRemarks(e: Entity, remarks: string): void {
  const text = remarks.trim();
  if (!text) return;
  e.remarks = e.remarks ? `${e.remarks} ${text}` : text;
  for (let seg of text.split('; ')) {
    seg = seg.trim();
    if (seg.startsWith('alt. ')) seg = seg.slice(5).trimStart();
    if (!seg) continue;
    applySegment(e, seg);
  }
}

function applySegment(e: Entity, seg: string): void {
  const c0 = seg.charCodeAt(0);
  // Lower-case starts: a.k.a., f.k.a., n.k.a., nationality, citizen
  if (c0 >= 97 && c0 <= 122) {
    if (seg.startsWith('a.k.a. ') || seg.startsWith('n.k.a. ')) {
      addName(e, { full: quoted(seg.slice(7)), kind: 'weak' });
      return;
    }
    if (seg.startsWith('f.k.a. ')) {
      addName(e, { full: quoted(seg.slice(7)), kind: 'former' });
      return;
    }
    if (seg.startsWith('nationality ')) {
      addCountry(e.nationalities, stripDot(seg.slice(12)));
      return;
    }
    if (seg.startsWith('citizen ')) {
      addCountry(e.nationalities, stripDot(seg.slice(8)));
      return;
    }
  }
  if (seg.startsWith('DOB ')) {
    const d = parseDate(stripDot(seg.slice(4)));
    if (d) addDate(e, d);
    else addExtra(e, 'dob_unparsed', stripDot(seg.slice(4)));
    return;
  }
  if (seg.startsWith('POB ')) {
    const place = stripDot(seg.slice(4));
    addUnique(e.birthPlaces, place);
    const comma = place.lastIndexOf(', ');
    const code = toCountryCode(comma === -1 ? place : place.slice(comma + 2));
    if (code) addUnique(e.countries, code);
    return;
  }
  if (seg.startsWith('Linked To: ')) {
    const name = seg.slice(11).trim();
    if (name && !e.links.some((l) => l.targetName === name)) e.links.push({ relation: 'linked_to', targetName: name });
    return;
  }
  if (seg.startsWith('Digital Currency Address - ')) {
    const rest = stripDot(seg.slice(27).trim());
    const sp = rest.indexOf(' ');
    if (sp > 0) {
      const currency = rest.slice(0, sp).toUpperCase();
      addIdentifier(e, { type: 'crypto', value: rest.slice(sp + 1).trim(), currency, country: currency });
    }
    return;
  }
  const found = splitLabel(seg);
  if (!found) return;
  if (isIdLabel(found.label)) {
    const { value, country, note } = splitIdValue(found.rest);
    applyFact(e, found.label, value, country, note);
  } else {
    applyFact(e, found.label, stripDot(found.rest));
  }
}
