//! What one request of the page asks for ([`Page`]), read by the server, and what every
//! section takes from it: where its links go ([`Page::link`]), the form fields that keep
//! its choices ([`Page::hidden`]), the zone's name.

use chrono::{DateTime, Utc};
use hijri::date::Date;
use hijri::zone::Zone;
use hijri_view::Scope;

use maud::{html, Markup};

use crate::links;
use crate::place::Chosen;
use crate::view::View;
use crate::words::{Lang, Words};

/// What one request of the page asks for, and what every section reads.
pub struct Page<'r> {
    /// The archive and its default calendar.
    pub base: Scope<'r>,
    /// The calendar shown (the default one unless the request chose another).
    pub scope: Scope<'r>,
    /// The calendar's identifier when the request chose one other than the default.
    pub authority: Option<&'r str>,
    /// The language.
    pub lang: Lang,
    /// Its words.
    pub words: &'static Words,
    /// The zone.
    pub zone: Zone,
    /// The zone's `tz` value when the request chose one of [`ZONES`].
    pub chosen_zone: Option<&'static str>,
    /// The request's instant.
    pub now: DateTime<Utc>,
    /// Today in the zone.
    pub today: Date,
    /// The month shown.
    pub view: View,
    /// Whether the request chose the month shown.
    pub chosen_view: bool,
    /// The service's configured address without a trailing slash; `None`: links are
    /// relative.
    pub origin: Option<&'r str>,
    /// The place whose prayer times are shown (`place`), kept in every link.
    pub place: Option<Chosen<'r>>,
}

/// The Indonesian zones a visitor picks from, by their `tz` values.
pub const ZONES: [&str; 3] = ["WIB", "WITA", "WIT"];

/// Where a link of the page goes: its language, zone, calendar and month.
#[derive(Clone, Copy)]
pub struct Target<'t> {
    /// The language.
    pub lang: Lang,
    /// The zone's `tz` value.
    pub zone: Option<&'t str>,
    /// The calendar's identifier; `None` for the default one.
    pub authority: Option<&'t str>,
    /// The month or year; `None` for today's month.
    pub view: Option<View>,
}

impl<'r> Page<'r> {
    /// Where this page is: its language, zone and calendar, and `view` (`None`: the month
    /// of today).
    pub fn here(&self, view: Option<View>) -> Target<'r> {
        Target {
            lang: self.lang,
            zone: self.chosen_zone,
            authority: self.authority,
            view,
        }
    }

    /// A link to the page with the language, zone and calendar of this one and `view`.
    pub fn href(&self, view: Option<View>) -> String {
        self.link(self.here(view))
    }

    /// A link to `target` (`./` when all is the default). A language or calendar is named
    /// when it is not the default or differs from this page's, so that the script's
    /// remembered choice does not take a link to the default elsewhere.
    pub fn link(&self, target: Target) -> String {
        let mut query = Vec::new();
        if target.lang != Lang::Id || self.lang != Lang::Id {
            query.push(format!("lang={}", target.lang.tag()));
        }
        if let Some(tz) = target.zone {
            query.push(format!("tz={tz}"));
        }
        match (target.authority, self.authority) {
            (Some(id), _) => query.push(format!("authority={id}")),
            (None, Some(_)) => query.push(format!("authority={}", self.base.chain.id.as_str())),
            (None, None) => {}
        }
        if let Some(chosen) = self.place {
            let mut place = String::from("place=");
            links::escaped(&mut place, &chosen.place.id);
            query.push(place);
        }
        if let Some(view) = target.view {
            query.push(view.query());
        }
        if query.is_empty() {
            "./".to_owned()
        } else {
            format!("?{}", query.join("&"))
        }
    }

    /// The page's choices as a form's hidden fields: the language, zone, calendar and place
    /// (`with_place`), so that a form keeps them as the links do.
    pub fn hidden(&self, with_place: bool) -> Markup {
        html! {
            @if self.lang != Lang::Id {
                input type="hidden" name="lang" value=(self.lang.tag());
            }
            @if let Some(tz) = self.chosen_zone {
                input type="hidden" name="tz" value=(tz);
            }
            @if let Some(authority) = self.authority {
                input type="hidden" name="authority" value=(authority);
            }
            @if let Some(chosen) = self.place.filter(|_| with_place) {
                input type="hidden" name="place" value=(chosen.place.id.as_str());
            }
        }
    }

    /// The zone's name as Indonesians write it (WIB, WITA, WIT), else as `tz` echoes it.
    pub fn zone_name(&self) -> String {
        let known = ZONES
            .iter()
            .find(|name| Zone::parse(name) == Some(self.zone));
        known.map_or_else(|| self.zone.to_string(), |name| (*name).to_owned())
    }
}
