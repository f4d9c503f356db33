//! Names in three languages (`lang=id|en|ar`): `/month` and `/holidays` in Arabic and English
//! (snapshots, validated against the OpenAPI document with every snapshot), the names checked
//! against CLDR's (as `data/reference/names/cldr.tsv` has them) and the usual Arabic names of
//! the holidays, `name_en` unchanged, the Indonesian default, and `lang=xx` refused naming the
//! parameter.

use serde_json::Value;

use crate::common::{each_str, get, get_json, state, test_app};
use crate::snapshots::{cases, statuses};

/// CLDR's weekdays from Sunday, English and Arabic (`data/reference/names/cldr.tsv`).
const WEEKDAYS: [(&str, &str); 7] = [
    ("Sunday", "الأحد"),
    ("Monday", "الاثنين"),
    ("Tuesday", "الثلاثاء"),
    ("Wednesday", "الأربعاء"),
    ("Thursday", "الخميس"),
    ("Friday", "الجمعة"),
    ("Saturday", "السبت"),
];

/// CLDR's Hijri months in English and Arabic (`data/reference/names/cldr.tsv`).
const MONTHS: [(&str, &str); 12] = [
    ("Muharram", "محرم"),
    ("Safar", "صفر"),
    ("Rabiʻ I", "ربيع الأول"),
    ("Rabiʻ II", "ربيع الآخر"),
    ("Jumada I", "جمادى الأولى"),
    ("Jumada II", "جمادى الآخرة"),
    ("Rajab", "رجب"),
    ("Shaʻban", "شعبان"),
    ("Ramadan", "رمضان"),
    ("Shawwal", "شوال"),
    ("Dhuʻl-Qiʻdah", "ذو القعدة"),
    ("Dhuʻl-Hijjah", "ذو الحجة"),
];

fn item<'a>(body: &'a Value, date: &str) -> &'a Value {
    body["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|item| item["date"] == date)
        .unwrap_or_else(|| panic!("no item on {date}"))
}

#[actix_web::test]
async fn names_follow_lang() {
    let answers = cases(
        state(),
        &[
            ("month_hijri_ar", "/api/v1/month?year=1446&month=9&lang=ar"),
            ("month_hijri_en", "/api/v1/month?year=1446&month=9&lang=EN"),
            ("holidays_2027_ar", "/api/v1/holidays?year=2027&lang=ar"),
            ("convert_ar", "/api/v1/convert?date=2025-03-31&lang=ar"),
            (
                "month_invalid_lang",
                "/api/v1/month?year=1446&month=9&lang=xx",
            ),
            (
                "holidays_invalid_lang",
                "/api/v1/holidays?year=2027&lang=jv",
            ),
        ],
    )
    .await;
    assert_eq!(statuses(&answers), [200, 200, 200, 200, 400, 400]);
    for refused in &answers[4..] {
        assert_eq!(refused.code(), "invalid_lang");
        assert!(refused.json()["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("`lang` must be id, en or ar"));
    }

    // 1 Ramadhan 1446 is Saturday 1 March 2025 (the official table): the weekdays run from
    // Saturday, in CLDR's names.
    for (answer, english) in [(&answers[0], false), (&answers[1], true)] {
        let items = answer.json()["items"].as_array().unwrap().clone();
        assert_eq!(items.len(), 30);
        assert_eq!(items[0]["gregorian"], "2025-03-01");
        for (i, item) in items.iter().enumerate() {
            let (en, ar) = WEEKDAYS[(6 + i) % 7];
            assert_eq!(item["weekday"], if english { en } else { ar });
        }
        // The Chinese year from 29 January 2025 is Yi-Si, the Wood Snake; the Javanese names
        // and the weton's pasaran stay Javanese, the weton's weekday is translated.
        let chinese = &items[0]["chinese"];
        assert_eq!(chinese["sexagenary"], "Yi-Si");
        assert_eq!(chinese["shio"], if english { "Snake" } else { "الأفعى" });
        assert_eq!(chinese["element"], if english { "Wood" } else { "الخشب" });
        let saturday = if english { "Saturday" } else { "السبت" };
        assert_eq!(items[0]["weton"], format!("{saturday} Pahing"));
        assert_eq!(items[0]["javanese"]["month"], "Pasa");
    }

    // The holidays of 2027 (SKB of 2026): their usual Arabic names, name_en unchanged, and the
    // Indonesian name where Arabic has no established one.
    let holidays = answers[2].json();
    let expect = [
        ("2027-01-01", "رأس السنة الميلادية", "New Year's Day"),
        (
            "2027-03-08",
            "Hari Suci Nyepi (Tahun Baru Saka)",
            "Day of Silence (Saka New Year)",
        ),
        ("2027-03-10", "عيد الفطر", "Eid al-Fitr"),
        (
            "2027-03-09",
            "إجازة جماعية: عيد الفطر",
            "Collective leave: Eid al-Fitr",
        ),
        ("2027-03-26", "الجمعة العظيمة", "Good Friday"),
        (
            "2027-05-19",
            "إجازة جماعية: Hari Raya Waisak",
            "Collective leave: Vesak Day",
        ),
        ("2027-05-17", "عيد الأضحى", "Eid al-Adha"),
        ("2027-08-17", "عيد الاستقلال", "Independence Day"),
        ("2027-12-25", "عيد الميلاد", "Christmas Day"),
    ];
    for (date, name, name_en) in expect {
        let day = item(&holidays, date);
        assert_eq!(
            (day["name"].as_str(), day["name_en"].as_str()),
            (Some(name), Some(name_en)),
            "{date}"
        );
    }

    // 1 Syawal 1446 (Monday 31 March 2025, the official table) in Arabic: the month and
    // weekday as CLDR names them, Idul Fitri as the holiday and the observance.
    let converted = answers[3].json();
    assert_eq!(converted["output"]["month_name"], MONTHS[9].1);
    assert_eq!(converted["output"]["weekday"], WEEKDAYS[1].1);
    assert_eq!(converted["holidays"][0]["name"], "عيد الفطر");
    assert_eq!(converted["holidays"][0]["name_en"], "Eid al-Fitr");
    assert_eq!(converted["observances"][0]["name"], "عيد الفطر");
    assert_eq!(converted["observances"][0]["name_en"], "Eid al-Fitr");
}

#[actix_web::test]
async fn the_default_is_indonesian_and_id_is_the_default() {
    let app = test_app().await;
    for (plain, with_id) in [
        (
            "/api/v1/month?year=1446&month=9",
            "/api/v1/month?year=1446&month=9&lang=ID",
        ),
        (
            "/api/v1/holidays?year=2027",
            "/api/v1/holidays?lang=id&year=2027",
        ),
        ("/api/v1/months", "/api/v1/months?lang=id"),
    ] {
        let (plain, with_id) = (get(&app, plain).await, get(&app, with_id).await);
        assert_eq!(plain.status, 200);
        assert_eq!(plain.body, with_id.body);
        assert_eq!(plain.header("etag"), with_id.header("etag"));
    }
    // Every month named in each language, Indonesian as the contract spells it.
    for (lang, pick) in [("en", 0), ("ar", 1)] {
        let body = get_json(&app, &format!("/api/v1/months?lang={lang}")).await;
        let names: Vec<&str> = each_str(&body["months"], "name");
        let expected: Vec<&str> = MONTHS
            .iter()
            .map(|&(en, ar)| if pick == 0 { en } else { ar })
            .collect();
        assert_eq!(names, expected, "{lang}");
    }
    let body = get_json(&app, "/api/v1/months").await;
    assert_eq!(body["months"][8]["name"], "Ramadhan");
}
