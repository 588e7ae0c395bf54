/**
 * Secondary adapter (pdf-lib): a laid-out invoice (business-pdf.ts) made a Factur-X 1.0 / ZUGFeRD 2 hybrid: a PDF/A-3
 * (ISO 19005-3, conformance B) with the CII XML embedded as `factur-x.xml` (AFRelationship Alternative, listed in the
 * catalog's /AF), an sRGB output intent (srgb-icc.ts), and XMP metadata declaring PDF/A-3B and the Factur-X
 * extension schema (document type INVOICE, version 1.0, conformance level EN 16931). Dates are the invoice's
 * finalization; the trailer /ID and the XMP document id are a hash of the invoice's id and number: the same invoice
 * gives the same bytes. docs/invoices.md "Factur-X".
 */
import { createHash } from 'node:crypto';
import { AFRelationship, PDFHexString, PDFName, PDFString, type PDFDocument } from 'pdf-lib';
import { srgbIccProfile } from './srgb-icc';

export const FACTURX_FILE_NAME = 'factur-x.xml';
const FACTURX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

export interface FacturXParts {
  /** The CII XML (EN 16931 profile). */
  xml: string;
  title: string;
  /** What the document ids derive from (the invoice's id and number). */
  identity: string;
  /** The invoice's finalization: the PDF's and the embedded file's dates. */
  date: Date;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const property = (name: string, description: string) =>
  `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType>` +
  `<pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`;

/** XMP (ISO 16684-1) with PDF/A identification and the Factur-X extension schema and values (Factur-X 1.0, 7.2). */
function xmp(title: string, date: string, uuid: string): string {
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"><pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:format>application/pdf</dc:format><dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(title)}</rdf:li></rdf:Alt></dc:title></rdf:Description>
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:CreateDate>${date}</xmp:CreateDate><xmp:ModifyDate>${date}</xmp:ModifyDate><xmp:MetadataDate>${date}</xmp:MetadataDate></rdf:Description>
<rdf:Description rdf:about="" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"><xmpMM:DocumentID>uuid:${uuid}</xmpMM:DocumentID><xmpMM:InstanceID>uuid:${uuid}</xmpMM:InstanceID></rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema><pdfaSchema:namespaceURI>${FACTURX_NAMESPACE}</pdfaSchema:namespaceURI><pdfaSchema:prefix>fx</pdfaSchema:prefix>
<pdfaSchema:property><rdf:Seq>
${property('DocumentFileName', 'The name of the embedded XML document')}
${property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER')}
${property('Version', 'The actual version of the standard applying to the embedded XML document')}
${property('ConformanceLevel', 'The conformance level of the embedded XML document')}
</rdf:Seq></pdfaSchema:property>
</rdf:li></rdf:Bag></pdfaExtension:schemas>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:fx="${FACTURX_NAMESPACE}"><fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName><fx:Version>1.0</fx:Version><fx:ConformanceLevel>EN 16931</fx:ConformanceLevel></rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/** Makes `doc` a Factur-X PDF/A-3B (before it is saved). */
export async function makeFacturX(doc: PDFDocument, parts: FacturXParts): Promise<void> {
  const { context, catalog } = doc;
  // Whole seconds: the Info dictionary's dates have no finer unit, and PDF/A wants them equal to the XMP's.
  const date = new Date(Math.floor(parts.date.getTime() / 1000) * 1000);
  const hex = createHash('sha256').update(`factur-x:${parts.identity}`).digest('hex').slice(0, 32);
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;

  await doc.attach(new TextEncoder().encode(parts.xml), FACTURX_FILE_NAME, {
    mimeType: 'text/xml',
    description: 'Factur-X invoice (CII, EN 16931)',
    creationDate: date,
    modificationDate: date,
    afRelationship: AFRelationship.Alternative,
  });
  doc.setTitle(parts.title);
  doc.setCreationDate(date);
  doc.setModificationDate(date);

  const metadata = context.stream(new TextEncoder().encode(xmp(parts.title, date.toISOString().replace('.000Z', 'Z'), uuid)), {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  catalog.set(PDFName.of('Metadata'), context.register(metadata));
  const profile = context.register(context.flateStream(srgbIccProfile(), { N: 3 }));
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
    Info: PDFString.of('sRGB IEC61966-2.1'),
    DestOutputProfile: profile,
  });
  catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(intent)]));
  context.trailerInfo.ID = context.obj([PDFHexString.of(hex), PDFHexString.of(hex)]);
}
