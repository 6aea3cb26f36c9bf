//! One of each model with every field set, and set to what a tolerant reader could get wrong
//! on the way back: offsets and fractions of a second, legacy dates, unknown types and
//! outcomes, free-form custom-field values, amounts that are not round in binary.

use serde_json::json;
use time::macros::{date, datetime};
use weeek_api::models::*;

pub fn user() -> User {
    User {
        id: "11111111-1111-4111-8111-111111111111".into(),
        email: Some("anna@example.com".into()),
        logo_link: Some("https://cdn.example.com/a.png".into()),
        first_name: Some("Анна".into()),
        last_name: Some("Петрова".into()),
        middle_name: Some("Сергеевна".into()),
        about: Some("О себе".into()),
        position: Some("Менеджер".into()),
        language: Some("ru".into()),
        birth_date: Some("1990-02-03".into()),
        country: Some("RU".into()),
        time_zone: Some("Europe/Moscow".into()),
        phone_number: Some("+7 900 000-00-00".into()),
    }
}

pub fn workspace() -> Workspace {
    Workspace {
        id: 42,
        title: "Northwind".into(),
        description: Some("Студия".into()),
        is_personal: true,
        logo: Some("logo.png".into()),
    }
}

pub fn member() -> Member {
    Member {
        id: "22222222-2222-4222-8222-222222222222".into(),
        email: Some("boris@example.com".into()),
        logo: Some("b.png".into()),
        first_name: Some("Борис".into()),
        last_name: Some("Иванов".into()),
        middle_name: Some("Олегович".into()),
        position: Some("Дизайнер".into()),
        time_zone: Some("Asia/Yekaterinburg".into()),
    }
}

pub fn tag() -> Tag {
    Tag {
        id: 7,
        title: "срочно".into(),
        color: Some("#ff0000".into()),
    }
}

pub fn currency() -> Currency {
    Currency {
        id: 3,
        name: Some("Рубль".into()),
        code: Some("RUB".into()),
        symbol: Some("₽".into()),
    }
}

pub fn portfolio() -> Portfolio {
    Portfolio {
        id: 5,
        name: "Клиенты".into(),
        parent_id: Some(1),
        is_private: true,
    }
}

fn option() -> CustomFieldOption {
    CustomFieldOption {
        id: "opt-1".into(),
        name: Some("Да".into()),
        color: Some("#6C78F4".into()),
    }
}

fn config() -> CustomFieldConfig {
    CustomFieldConfig {
        r#type: Some("currency".into()),
        precision: Some(2),
        currency: Some(1),
    }
}

pub fn custom_field() -> CustomField {
    CustomField {
        id: "cf-1".into(),
        name: Some("Бюджет".into()),
        r#type: Some("number".into()),
        config: Some(config()),
        options: vec![option()],
    }
}

fn custom_values() -> Vec<CustomFieldValue> {
    [
        json!(12.5),
        json!("текст"),
        json!(true),
        json!(["opt-1", "opt-2"]),
        json!({"nested": [1, null]}),
    ]
    .into_iter()
    .enumerate()
    .map(|(i, value)| CustomFieldValue {
        id: format!("cf-{i}"),
        name: Some(format!("Поле {i}")),
        r#type: Some("select".into()),
        config: Some(config()),
        options: vec![option()],
        value,
    })
    .collect()
}

pub fn project() -> Project {
    Project {
        id: 10,
        title: Some("Сайт".into()),
        name: Some("Сайт 2.0".into()),
        logo_link: Some("p.png".into()),
        description: Some("<p>Описание</p>".into()),
        color: Some("#00ff00".into()),
        is_private: true,
        portfolio_id: Some(5),
        status: Some(2),
        team: vec![member().id],
        custom_fields: vec![custom_field()],
    }
}

pub fn board() -> Board {
    Board {
        id: 20,
        name: "Разработка".into(),
        project_id: 10,
        is_private: true,
    }
}

pub fn column() -> BoardColumn {
    BoardColumn {
        id: 30,
        name: "В работе".into(),
        board_id: 20,
    }
}

fn location() -> TaskLocation {
    TaskLocation {
        project_id: 10,
        board_id: Some(20),
        board_column_id: Some(30),
    }
}

pub fn task() -> Task {
    Task {
        id: 100,
        parent_id: Some(99),
        title: Some("Подготовить отчёт «Q4»".into()),
        description: Some("<p>Текст &amp; <b>жирный</b></p>".into()),
        duration: Some(90),
        overdue: Some(2),
        r#type: Some(TaskType::Other("webinar".into())),
        priority: Some(Priority::Hold),
        is_completed: true,
        is_deleted: true,
        completed_at: Some(datetime!(2026-11-20 18:30:15.123456789 +03:00)),
        author_id: Some(user().id),
        user_id: Some(member().id),
        assignees: vec![member().id, user().id],
        project_id: Some(10),
        board_id: Some(20),
        board_column_id: Some(30),
        locations: vec![
            location(),
            TaskLocation {
                project_id: 11,
                board_id: None,
                board_column_id: None,
            },
        ],
        image: Some("img.png".into()),
        is_private: true,
        start_date: Some(date!(2026 - 11 - 01)),
        start_date_time: Some(datetime!(2026-11-01 09:00 UTC)),
        due_date: Some(date!(2026 - 11 - 30)),
        due_date_time: Some(datetime!(2026-11-30 17:45:00.5 -05:00)),
        created_at: Some(datetime!(2026-10-01 08:00:01 UTC)),
        updated_at: Some(datetime!(2026-11-21 09:59:59.999 +00:00)),
        tags: vec![7, 8],
        subscribers: vec![member().id],
        sub_tasks: vec![101, 102],
        workloads: vec![Workload {
            id: Some("w1".into()),
            user_id: Some(user().id),
            r#type: Some(2),
            date: Some(date!(2026 - 11 - 02)),
            duration: Some(30),
            work_start_at: Some("09:00".into()),
            work_end_at: Some("09:30".into()),
        }],
        time_entries: vec![TimeEntry {
            id: "te-1".into(),
            user_id: Some(user().id),
            r#type: Some(1),
            is_overtime: true,
            date: Some(date!(2026 - 11 - 03)),
            duration: Some(45),
            comment: Some("созвон".into()),
            duration_seconds: Some(2700),
        }],
        custom_fields: custom_values(),
        attachments: vec![attachment()],
        timers: vec![RunningTimer {
            user_id: Some(user().id),
            started_at: Some(datetime!(2026-11-21 09:00:00.25 +03:00)),
        }],
        date: Some("30.11.2026".into()),
        time: Some("17:45".into()),
        date_start: Some("01.11.2026".into()),
        date_end: Some("30.11.2026".into()),
        time_start: Some("09:00".into()),
        time_end: Some("18:00".into()),
    }
}

fn attachment() -> Attachment {
    Attachment {
        id: "att-1".into(),
        creator_id: Some(user().id),
        service: Some("weeek".into()),
        name: Some("отчёт.pdf".into()),
        url: Some("https://files.example.com/1".into()),
        size: Some(12345),
        created_at: Some(datetime!(2026-11-02 10:00 UTC)),
    }
}

pub fn task_row() -> TaskRow {
    TaskRow::from(&task())
}

pub fn comment() -> Comment {
    Comment {
        id: 500,
        parent_id: Some(499),
        author_id: Some(member().id),
        markdown: Some("**Готово**, см. [ссылку](https://example.com)".into()),
        created_at: Some(datetime!(2026-11-20 12:00 +03:00)),
        updated_at: Some(datetime!(2026-11-20 12:05:30.1 +03:00)),
    }
}

pub fn funnel() -> Funnel {
    Funnel {
        id: "funnel0000000001".into(),
        creator_id: Some(user().id),
        currency_id: Some(3),
        name: Some("Продажи".into()),
        logo: Some("f.png".into()),
        deals_count: Some(12),
        deals_amount: Some(0.1 + 0.2),
        is_private: true,
        is_bookmarked: true,
        created_at: Some(datetime!(2026-01-01 00:00 UTC)),
        updated_at: Some(datetime!(2026-11-21 08:00:00.000001 UTC)),
        team: vec![user().id, member().id],
        custom_fields: vec![custom_field()],
    }
}

pub fn status() -> FunnelStatus {
    FunnelStatus {
        id: "status0000000001".into(),
        creator_id: Some(user().id),
        name: Some("Переговоры".into()),
        deals_count: Some(4),
        deals_amount: Some(1e21),
        created_at: Some(datetime!(2026-01-02 00:00 UTC)),
        updated_at: Some(datetime!(2026-11-21 07:00 +07:00)),
    }
}

pub fn deal() -> Deal {
    Deal {
        id: "deal000000000001".into(),
        creator_id: Some(user().id),
        funnel_id: Some(funnel().id),
        status_id: Some(status().id),
        assignees: vec![member().id],
        organizations: vec![organization().id],
        contacts: vec![contact().id],
        title: Some("АЗС «Север»".into()),
        description: Some("Поставка".into()),
        amount: Some(1234567.89),
        win_status: Some(WinStatus::Other("frozen".into())),
        created_at: Some(datetime!(2026-03-04 05:06:07 UTC)),
        updated_at: Some(datetime!(2026-11-21 09:00:00.75 +03:00)),
        tags: vec![7],
        tasks: vec![task()],
        custom_fields: custom_values(),
        attachments: vec![attachment()],
    }
}

pub fn organization() -> Organization {
    Organization {
        id: "33333333-3333-4333-8333-333333333333".into(),
        creator_id: Some(user().id),
        name: Some("ООО «Ромашка»".into()),
        responsible_id: Some(member().id),
        addresses: vec![AddressEntry {
            id: "a1".into(),
            address: "Москва, ул. Ленина, 1".into(),
        }],
        emails: vec![EmailEntry {
            id: "e1".into(),
            email: "info@romashka.ru".into(),
        }],
        phones: vec![PhoneEntry {
            id: "p1".into(),
            phone: "+7 495 000-00-00".into(),
        }],
        contacts: vec!["44444444-4444-4444-8444-444444444444".into()],
        tags: vec![7, 9],
        created_at: Some(datetime!(2025-12-31 23:59:59 UTC)),
        updated_at: Some(datetime!(2026-11-21 10:00 UTC)),
    }
}

pub fn contact() -> Contact {
    Contact {
        id: "44444444-4444-4444-8444-444444444444".into(),
        creator_id: Some(user().id),
        first_name: Some("Иван".into()),
        last_name: Some("Сидоров".into()),
        middle_name: Some("Петрович".into()),
        organizations: vec![organization().id],
        emails: vec![EmailEntry {
            id: "e2".into(),
            email: "ivan@romashka.ru".into(),
        }],
        phones: vec![PhoneEntry {
            id: "p2".into(),
            phone: "+7 900 111-22-33".into(),
        }],
        tags: vec![9],
        created_at: Some(datetime!(2026-05-05 05:05:05 +05:00)),
        updated_at: Some(datetime!(2026-11-21 09:30:00.000000001 UTC)),
    }
}
