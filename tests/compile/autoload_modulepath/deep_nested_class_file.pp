include webapp::db::schema
