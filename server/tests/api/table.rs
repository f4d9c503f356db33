//! `/table` and `/table.csv`: every month as JSON and as an RFC 4180 CSV file, checked against
//! the month endpoints and the official table; snapshots keep the first and last rows of each
//! answer.

use hijri_server::SharedState;
use serde_json::Value;

use crate::common::{get, get_json, snapshot, state, test_app, test_app_with, Answer};
use crate::openapi::assert_documented;
use crate::snapshots::statuses;

/// The answer with only the first and last `keep` rows (JSON `months`, or CSV lines after the
/// header), for a snapshot of reasonable size.
fn trimmed(answer: &Answer, keep: usize) -> Answer {
    let body = match answer.header("content-type") {
        Some("application/json") if answer.status == 200 => {
            let mut json = answer.json();
            let months = json["months"].as_array().unwrap();
            let mut rows: Vec<Value> = months[..keep].to_vec();
            rows.extend_from_slice(&months[months.len() - keep..]);
            json["months"] = Value::Array(rows);
            serde_json::to_vec(&json).unwrap()
        }
        Some("text/csv; charset=utf-8") => {
            let text = std::str::from_utf8(&answer.body).unwrap();
            let lines: Vec<&str> = text.split_inclusive("\r\n").collect();
            let mut kept: Vec<&str> = lines[..=keep].to_vec();
            kept.extend_from_slice(&lines[lines.len() - keep..]);
            kept.concat().into_bytes()
        }
        _ => answer.body.to_vec(),
    };
    Answer {
        request: answer.request.clone(),
        status: answer.status,
        headers: answer.headers.clone(),
        body: body.into(),
    }
}

async fn table_cases(state: SharedState, cases: &[(&str, &str)]) -> Vec<Answer> {
    let app = test_app_with(state).await;
    let mut answers = Vec::new();
    for (name, uri) in cases {
        let answer = get(&app, uri).await;
        assert_documented(uri, &answer);
        snapshot(name, &trimmed(&answer, 3));
        answers.push(answer);
    }
    answers
}

/// Splits one CSV record (RFC 4180 quoting, no line breaks inside fields).
fn fields(line: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                chars.next();
                out.last_mut().unwrap().push('"');
            }
            '"' => quoted = !quoted,
            ',' if !quoted => out.push(String::new()),
            _ => out.last_mut().unwrap().push(c),
        }
    }
    out
}

#[actix_web::test]
async fn table() {
    let answers = table_cases(
        state(),
        &[
            ("table_json", "/api/v1/table"),
            ("table_csv", "/api/v1/table.csv"),
            ("table_json_retro", "/api/v1/table?retro=true"),
            ("table_csv_retro", "/api/v1/table.csv?retro=1"),
            // `format` is no parameter of /table (the CSV has its own path): ignored.
            ("table_format_ignored", "/api/v1/table?format=csv"),
            ("table_invalid_retro", "/api/v1/table?retro=perhaps"),
            ("table_csv_invalid_retro", "/api/v1/table.csv?retro=perhaps"),
        ],
    )
    .await;
    assert_eq!(statuses(&answers), [200, 200, 200, 200, 200, 400, 400]);
    assert_eq!(answers[4].body, answers[0].body);
    assert_eq!(answers[5].code(), "invalid_retro");
    assert_eq!(answers[6].code(), "invalid_retro");
    assert_eq!(
        answers[0].json()["input"],
        serde_json::json!({"retro": false})
    );
    for answer in &answers[..4] {
        assert_eq!(
            answer.header("cache-control"),
            Some("public, max-age=86400, s-maxage=86400")
        );
    }
    let json = answers[0].json();
    let rows = json["months"].as_array().unwrap();
    assert_eq!(json["count"], rows.len());
    // Without retro the table starts with the official table; 1 Ramadhan 1446 is
    // 2025-03-01, decided at Lhoknga, Aceh.
    assert!(rows.iter().all(|r| r["source"] != "regional-retro"));
    let ramadhan = rows.iter().find(|r| r["hijri_month"] == "1446-09").unwrap();
    assert_eq!(ramadhan["start"], "2025-03-01");
    assert_eq!(ramadhan["length"], 30);
    assert_eq!(ramadhan["deciding_site"], "Lhoknga, Aceh");
    assert_eq!(ramadhan["moon_alt_deg"], 4.69);
    assert_eq!(ramadhan["elongation_deg"], 6.41);
    assert_eq!(ramadhan["visible"], true);
    // With retro every month wholly inside the served span, 1945-01-01 … 2100-12-31: from
    // 1364-02 (1364-01 starts 1944-12-17) to 1524-10 (ending on 2100-12-31).
    let all = answers[2].json();
    let all_rows = all["months"].as_array().unwrap();
    assert_eq!(all_rows[0]["hijri_month"], "1364-02");
    assert_eq!(all_rows[0]["start"], "1945-01-16");
    let last = all_rows.last().unwrap();
    assert_eq!(last["hijri_month"], "1524-10");
    assert_eq!(last["start"], "2100-12-03");
    assert_eq!(last["length"], 29);
    assert!(all_rows.len() > rows.len());
    assert_eq!(all["warnings"][0]["code"], "retro");
    // The CSV holds the same rows as the JSON, with a header and RFC 4180 quoting.
    assert_eq!(
        answers[1].header("content-type"),
        Some("text/csv; charset=utf-8")
    );
    let text = std::str::from_utf8(&answers[3].body).unwrap();
    assert!(text.ends_with("\r\n"));
    let lines: Vec<&str> = text.split_terminator("\r\n").collect();
    assert_eq!(
        lines[0],
        "hijri_month,start,length,source,visible,deciding_site,moon_alt_deg,elongation_deg"
    );
    assert_eq!(lines.len(), all_rows.len() + 1);
    assert!(text.contains(",\"Lhoknga, Aceh\","));
    for (line, row) in lines[1..].iter().zip(all_rows) {
        let f = fields(line);
        assert_eq!(f.len(), 8, "{line}");
        let text = |v: &Value| match v {
            Value::String(s) => s.clone(),
            Value::Null => String::new(),
            Value::Number(n) => n.as_f64().unwrap().to_string(),
            other => other.to_string(),
        };
        let expected: Vec<String> = [
            "hijri_month",
            "start",
            "length",
            "source",
            "visible",
            "deciding_site",
            "moon_alt_deg",
            "elongation_deg",
        ]
        .iter()
        .map(|k| text(&row[*k]))
        .collect();
        assert_eq!(f, expected);
    }
    // Starts and lengths agree with /month: the table's first month, 1446-09 and the last
    // month of the last Hijri year held whole (computed).
    let app = test_app().await;
    let last_whole = rows.iter().find(|r| r["hijri_month"] == "1523-12").unwrap();
    assert_eq!(last_whole["source"], "regional-computed");
    for row in [&rows[0], ramadhan, last_whole] {
        let (year, month) = row["hijri_month"]
            .as_str()
            .unwrap()
            .split_once('-')
            .unwrap();
        let days = get_json(
            &app,
            &format!(
                "/api/v1/month?year={year}&month={}",
                month.trim_start_matches('0')
            ),
        )
        .await;
        assert_eq!(days["count"], row["length"]);
        assert_eq!(days["items"][0]["gregorian"], row["start"]);
    }
}
