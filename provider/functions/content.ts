// The content block of a campaign record: the properties regular and transactional campaigns share,
// declared once; each kind adds its own and keeps its schema type name.
import { type FieldDocs, type RecordProps, type RecordShape, recordType } from "./declare";

/** The properties of a content block that both kinds of campaign give. */
export interface ContentInfo {
  /** Id of the content record. */
  id: string | null;
  /** URL of the thumbnail image, or null. */
  thumbnailUrl: string | null;
  /** Whether a preview can be rendered. */
  hasPreview: boolean | null;
  /** Whether snapshots of the content exist. */
  hasSnapshots: boolean | null;
}

/** The API fields of a content block that {@link ContentInfo} reads, each absent or null at times. */
export interface ApiContent {
  /** Id of the content record. */
  readonly id?: string | null | undefined;
  /** URL of the thumbnail image. */
  readonly thumbnail_url?: string | null | undefined;
  /** Whether a preview can be rendered. */
  readonly has_preview?: boolean | null | undefined;
  /** Whether snapshots of the content exist. */
  readonly has_snapshots?: boolean | null | undefined;
}

const SHARED: RecordProps<ContentInfo, ApiContent> = {
  id: { type: "string", optional: true, from: "id" },
  thumbnailUrl: { type: "string", optional: true, from: "thumbnail_url" },
  hasPreview: { type: "boolean", optional: true, from: "has_preview" },
  hasSnapshots: { type: "boolean", optional: true, from: "has_snapshots" },
};

/**
 * Declares the content block type `name` read from the API record Rec: the shared properties of
 * {@link ContentInfo} first, then `more`, the properties of this kind alone.
 */
export function contentType<T extends ContentInfo, Rec extends ApiContent>(
  name: string,
  docs: FieldDocs<T>,
  more: RecordProps<Omit<T, keyof ContentInfo>, Rec>,
): RecordShape<T, Rec> {
  // Every Rec has the API fields SHARED reads (Rec extends ApiContent), which the compiler cannot
  // follow through the generic key filter of RecordProps.
  return recordType<T, Rec>(name, docs, { ...SHARED, ...more } as unknown as RecordProps<T, Rec>);
}
