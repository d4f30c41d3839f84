import * as migration_20261122_074716_init from './20261122_074716_init.js';
import * as migration_20261122_085736_event_search_text from './20261122_085736_event_search_text.js';
import * as migration_20261122_095229_locales_parent_index from './20261122_095229_locales_parent_index.js';
import * as migration_20261125_064634_change_stamp from './20261125_064634_change_stamp.js';
import * as migration_20261125_070758_list_indexes from './20261125_070758_list_indexes.js';
import * as migration_20261125_102855_link_indexes from './20261125_102855_link_indexes.js';
import * as migration_20261125_124533_search_index from './20261125_124533_search_index.js';
import * as migration_20261125_131826_list_index_by_id from './20261125_131826_list_index_by_id.js';
import * as migration_20261126_163017_venue_state_province_search_text from './20261126_163017_venue_state_province_search_text.js';
import * as migration_20261126_170050_media_storage_fields from './20261126_170050_media_storage_fields.js';
import * as migration_20261126_170728_import_digest from './20261126_170728_import_digest.js';
import * as migration_20261126_171207_localized_names_in_some_locale from './20261126_171207_localized_names_in_some_locale.js';
import * as migration_20261126_173252_application_passwords from './20261126_173252_application_passwords.js';
import * as migration_20261127_035828_given_slug_and_date from './20261127_035828_given_slug_and_date.js';
import * as migration_20261127_091048_drop_date_given from './20261127_091048_drop_date_given.js';
import * as migration_20261127_093000_fill_search_text from './20261127_093000_fill_search_text.js';
import * as migration_20261127_124713_event_occurrences from './20261127_124713_event_occurrences.js';
import * as migration_20261127_124800_fill_occurrences from './20261127_124800_fill_occurrences.js';
import * as migration_20261127_160232_calendar_jobs from './20261127_160232_calendar_jobs.js';
import * as migration_20261127_162016_occurrence_cancelled_and_list_index from './20261127_162016_occurrence_cancelled_and_list_index.js';
import * as migration_20261127_163519_list_index_of_single_events from './20261127_163519_list_index_of_single_events.js';
import * as migration_20261127_164638_recurring_events_index from './20261127_164638_recurring_events_index.js';
import * as migration_20261127_191835_occurrence_exceptions from './20261127_191835_occurrence_exceptions.js';
import * as migration_20261127_225537_occurrence_zone from './20261127_225537_occurrence_zone.js';
import * as migration_20261127_231309_chinese_conversions from './20261127_231309_chinese_conversions.js';
import * as migration_20261128_024136_occurrence_counts from './20261128_024136_occurrence_counts.js';
import * as migration_20261128_024200_fill_occurrence_counts from './20261128_024200_fill_occurrence_counts.js';
import * as migration_20261128_065648_series_set_indexes from './20261128_065648_series_set_indexes.js';
import * as migration_20261128_155247_event_start_wall from './20261128_155247_event_start_wall.js';
import * as migration_20261128_221943_series_window_index from './20261128_221943_series_window_index.js';

export const migrations = [
  {
    up: migration_20261122_074716_init.up,
    down: migration_20261122_074716_init.down,
    name: '20261122_074716_init',
  },
  {
    up: migration_20261122_085736_event_search_text.up,
    down: migration_20261122_085736_event_search_text.down,
    name: '20261122_085736_event_search_text',
  },
  {
    up: migration_20261122_095229_locales_parent_index.up,
    down: migration_20261122_095229_locales_parent_index.down,
    name: '20261122_095229_locales_parent_index',
  },
  {
    up: migration_20261125_064634_change_stamp.up,
    down: migration_20261125_064634_change_stamp.down,
    name: '20261125_064634_change_stamp',
  },
  {
    up: migration_20261125_070758_list_indexes.up,
    down: migration_20261125_070758_list_indexes.down,
    name: '20261125_070758_list_indexes',
  },
  {
    up: migration_20261125_102855_link_indexes.up,
    down: migration_20261125_102855_link_indexes.down,
    name: '20261125_102855_link_indexes',
  },
  {
    up: migration_20261125_124533_search_index.up,
    down: migration_20261125_124533_search_index.down,
    name: '20261125_124533_search_index',
  },
  {
    up: migration_20261125_131826_list_index_by_id.up,
    down: migration_20261125_131826_list_index_by_id.down,
    name: '20261125_131826_list_index_by_id',
  },
  {
    up: migration_20261126_163017_venue_state_province_search_text.up,
    down: migration_20261126_163017_venue_state_province_search_text.down,
    name: '20261126_163017_venue_state_province_search_text',
  },
  {
    up: migration_20261126_170050_media_storage_fields.up,
    down: migration_20261126_170050_media_storage_fields.down,
    name: '20261126_170050_media_storage_fields',
  },
  {
    up: migration_20261126_170728_import_digest.up,
    down: migration_20261126_170728_import_digest.down,
    name: '20261126_170728_import_digest',
  },
  {
    up: migration_20261126_171207_localized_names_in_some_locale.up,
    down: migration_20261126_171207_localized_names_in_some_locale.down,
    name: '20261126_171207_localized_names_in_some_locale',
  },
  {
    up: migration_20261126_173252_application_passwords.up,
    down: migration_20261126_173252_application_passwords.down,
    name: '20261126_173252_application_passwords',
  },
  {
    up: migration_20261127_035828_given_slug_and_date.up,
    down: migration_20261127_035828_given_slug_and_date.down,
    name: '20261127_035828_given_slug_and_date',
  },
  {
    up: migration_20261127_091048_drop_date_given.up,
    down: migration_20261127_091048_drop_date_given.down,
    name: '20261127_091048_drop_date_given',
  },
  {
    up: migration_20261127_093000_fill_search_text.up,
    down: migration_20261127_093000_fill_search_text.down,
    name: '20261127_093000_fill_search_text',
  },
  {
    up: migration_20261127_124713_event_occurrences.up,
    down: migration_20261127_124713_event_occurrences.down,
    name: '20261127_124713_event_occurrences',
  },
  {
    up: migration_20261127_124800_fill_occurrences.up,
    down: migration_20261127_124800_fill_occurrences.down,
    name: '20261127_124800_fill_occurrences',
  },
  {
    up: migration_20261127_160232_calendar_jobs.up,
    down: migration_20261127_160232_calendar_jobs.down,
    name: '20261127_160232_calendar_jobs',
  },
  {
    up: migration_20261127_162016_occurrence_cancelled_and_list_index.up,
    down: migration_20261127_162016_occurrence_cancelled_and_list_index.down,
    name: '20261127_162016_occurrence_cancelled_and_list_index',
  },
  {
    up: migration_20261127_163519_list_index_of_single_events.up,
    down: migration_20261127_163519_list_index_of_single_events.down,
    name: '20261127_163519_list_index_of_single_events',
  },
  {
    up: migration_20261127_164638_recurring_events_index.up,
    down: migration_20261127_164638_recurring_events_index.down,
    name: '20261127_164638_recurring_events_index',
  },
  {
    up: migration_20261127_191835_occurrence_exceptions.up,
    down: migration_20261127_191835_occurrence_exceptions.down,
    name: '20261127_191835_occurrence_exceptions',
  },
  {
    up: migration_20261127_225537_occurrence_zone.up,
    down: migration_20261127_225537_occurrence_zone.down,
    name: '20261127_225537_occurrence_zone',
  },
  {
    up: migration_20261127_231309_chinese_conversions.up,
    down: migration_20261127_231309_chinese_conversions.down,
    name: '20261127_231309_chinese_conversions',
  },
  {
    up: migration_20261128_024136_occurrence_counts.up,
    down: migration_20261128_024136_occurrence_counts.down,
    name: '20261128_024136_occurrence_counts',
  },
  {
    up: migration_20261128_024200_fill_occurrence_counts.up,
    down: migration_20261128_024200_fill_occurrence_counts.down,
    name: '20261128_024200_fill_occurrence_counts',
  },
  {
    up: migration_20261128_065648_series_set_indexes.up,
    down: migration_20261128_065648_series_set_indexes.down,
    name: '20261128_065648_series_set_indexes',
  },
  {
    up: migration_20261128_155247_event_start_wall.up,
    down: migration_20261128_155247_event_start_wall.down,
    name: '20261128_155247_event_start_wall',
  },
  {
    up: migration_20261128_221943_series_window_index.up,
    down: migration_20261128_221943_series_window_index.down,
    name: '20261128_221943_series_window_index'
  },
];
