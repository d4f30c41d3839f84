import { ApplicationPasswordsField as ApplicationPasswordsField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { ConvertedMark as ConvertedMark_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlockquoteFeatureClient as BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { RelationshipFeatureClient as RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ChecklistFeatureClient as ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { IndentFeatureClient as IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { AlignFeatureClient as AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineCodeFeatureClient as InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SuperscriptFeatureClient as SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SubscriptFeatureClient as SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { TimezoneField as TimezoneField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { ZonedDateCell as ZonedDateCell_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { EventDateField as EventDateField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { RepeatCell as RepeatCell_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { RepeatField as RepeatField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { OccurrencesField as OccurrencesField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { CategoryTreeField as CategoryTreeField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { FlagCell as FlagCell_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { AddToCalendar as AddToCalendar_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { ChineseScriptsCell as ChineseScriptsCell_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { ChineseScriptsField as ChineseScriptsField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { CalendarLink as CalendarLink_a995b648d441da9f32677ad10f937676 } from 'payload-events-calendar/rsc'
import { ListLink as ListLink_a995b648d441da9f32677ad10f937676 } from 'payload-events-calendar/rsc'
import { UpcomingFirst as UpcomingFirst_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { VenueMapLink as VenueMapLink_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'
import { MonthView as MonthView_a995b648d441da9f32677ad10f937676 } from 'payload-events-calendar/rsc'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "payload-events-calendar/client#ApplicationPasswordsField": ApplicationPasswordsField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#ConvertedMark": ConvertedMark_fc9a935b1c29e987d85707eeffd38325,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlockquoteFeatureClient": BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#RelationshipFeatureClient": RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ChecklistFeatureClient": ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#IndentFeatureClient": IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#AlignFeatureClient": AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineCodeFeatureClient": InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SuperscriptFeatureClient": SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SubscriptFeatureClient": SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "payload-events-calendar/client#TimezoneField": TimezoneField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#ZonedDateCell": ZonedDateCell_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#EventDateField": EventDateField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#RepeatCell": RepeatCell_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#RepeatField": RepeatField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#OccurrencesField": OccurrencesField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#CategoryTreeField": CategoryTreeField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#FlagCell": FlagCell_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#AddToCalendar": AddToCalendar_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#ChineseScriptsCell": ChineseScriptsCell_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#ChineseScriptsField": ChineseScriptsField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/rsc#CalendarLink": CalendarLink_a995b648d441da9f32677ad10f937676,
  "payload-events-calendar/rsc#ListLink": ListLink_a995b648d441da9f32677ad10f937676,
  "payload-events-calendar/client#UpcomingFirst": UpcomingFirst_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#VenueMapLink": VenueMapLink_fc9a935b1c29e987d85707eeffd38325,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24,
  "payload-events-calendar/rsc#MonthView": MonthView_a995b648d441da9f32677ad10f937676,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
